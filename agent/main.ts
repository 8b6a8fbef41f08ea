import { fileURLToPath } from "node:url";

import { cli, defineAgent, type JobContext, type JobProcess, ServerOptions, type VAD } from "@livekit/agents";

import { dispatchMetadataSchema } from "@/lib/validations/conversation";

import { ignoreAbortedRequests } from "./abort-guard";
import { AppClient } from "./app-client";
import { deleteRoomOnShutdown, endCallTools, scheduleTimeLimit } from "./call-ending";
import { ClaudeLLM } from "./claude-llm";
import { type AgentConfig, agentConfig, AgentConfigError } from "./config";
import { buildPersonaAgent, buildSession, OPENING_INSTRUCTIONS } from "./persona-agent";
import { loadSpeech, loadVad } from "./plugins";
import { recordTranscript } from "./transcript";

/** Parsed once per process, before the worker registers; an incomplete environment stops here with every problem listed. */
function loadConfig(): AgentConfig {
  try {
    return agentConfig();
  } catch (err) {
    console.error(err instanceof AgentConfigError ? err.message : err);
    process.exit(1);
  }
}

const config = loadConfig();
ignoreAbortedRequests();

export default defineAgent({
  // Once per job process, before any job: the VAD model is the slow part of a job's start.
  prewarm: async (proc: JobProcess) => {
    proc.userData.vad = await loadVad(config);
  },
  entry: async (ctx: JobContext) => {
    // The dispatch carries ids only; the persona comes from the app, never from the client.
    const { conversation_id } = dispatchMetadataSchema.parse(JSON.parse(ctx.job.metadata || "{}"));
    const app = new AppClient(config.APP_URL, config.AGENT_SECRET);
    const conversation = await app.conversation(conversation_id);
    if (conversation.status !== "active") return;

    const llm = new ClaudeLLM({
      model: config.personaModel,
      apiKey: config.ANTHROPIC_API_KEY,
      baseURL: config.ANTHROPIC_BASE_URL,
    });
    const session = buildSession({
      llm,
      ...(await loadSpeech(config)),
      vad: ctx.proc.userData.vad as VAD,
      turns: {
        minEndpointingDelayMs: config.ENDPOINTING_MIN_DELAY_MS,
        preemptiveGeneration: config.PREEMPTIVE_GENERATION,
        preemptiveTts: config.PREEMPTIVE_TTS,
      },
    });
    const finished = recordTranscript(session, conversation_id, app);
    ctx.addShutdownCallback(() => finished);
    scheduleTimeLimit(session, config.CALL_MAX_MINUTES, () => {
      deleteRoomOnShutdown(ctx);
      ctx.shutdown("call time limit");
    });

    await session.start({
      agent: buildPersonaAgent(conversation.persona, conversation.turns, endCallTools()),
      room: ctx.room,
    });
    await ctx.connect();
    if (conversation.turns.length === 0) session.generateReply({ instructions: OPENING_INSTRUCTIONS });
  },
});

cli.runApp(
  new ServerOptions({
    agent: fileURLToPath(import.meta.url),
    agentName: config.PERSONA_AGENT_NAME,
    wsURL: config.LIVEKIT_URL,
    apiKey: config.LIVEKIT_API_KEY,
    apiSecret: config.LIVEKIT_API_SECRET,
  }),
);
