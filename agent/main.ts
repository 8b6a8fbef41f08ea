import { fileURLToPath } from "node:url";
import { cli, defineAgent, ServerOptions, type JobContext } from "@livekit/agents";
import { dispatchMetadataSchema } from "@/lib/validations/conversation";
import { AppClient } from "./app-client";
import { ClaudeLLM } from "./claude-llm";
import { agentConfig } from "./config";
import { buildPersonaAgent, buildSession, OPENING_INSTRUCTIONS } from "./persona-agent";
import { loadSpeech } from "./plugins";
import { recordTranscript } from "./transcript";

export default defineAgent({
  entry: async (ctx: JobContext) => {
    const config = agentConfig();
    // The dispatch carries ids only; the persona comes from the app, never from the client.
    const { conversation_id } = dispatchMetadataSchema.parse(JSON.parse(ctx.job.metadata || "{}"));
    const app = new AppClient(config.APP_URL, config.AGENT_SECRET);
    const conversation = await app.conversation(conversation_id);
    if (conversation.status !== "active") return;

    const llm = new ClaudeLLM({ model: config.ANTHROPIC_MODEL, apiKey: config.ANTHROPIC_API_KEY, baseURL: config.ANTHROPIC_BASE_URL });
    const session = buildSession({ llm, ...(await loadSpeech(config)) });
    const finished = recordTranscript(session, conversation_id, app);
    ctx.addShutdownCallback(() => finished);

    await session.start({ agent: buildPersonaAgent(conversation.persona, conversation.turns), room: ctx.room });
    await ctx.connect();
    if (conversation.turns.length === 0) session.generateReply({ instructions: OPENING_INSTRUCTIONS });
  },
});

cli.runApp(new ServerOptions({ agent: fileURLToPath(import.meta.url), agentName: process.env.PERSONA_AGENT_NAME || "parley-persona" }));
