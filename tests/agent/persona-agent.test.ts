import { initializeLogger } from "@livekit/agents";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { AgentTurnPayload } from "@/agent/app-client";
import { ClaudeLLM } from "@/agent/claude-llm";
import { buildPersonaAgent, buildSession } from "@/agent/persona-agent";
import { recordTranscript } from "@/agent/transcript";
import { personaSchema } from "@/lib/validations/persona";

import { type MessagesRequest, startAnthropicStub } from "../helpers/anthropic-stub";

const persona = personaSchema.parse({
  name: "Dana Whitfield",
  role: "Head of Operations",
  situation: "Runs two regional warehouses.",
  background: "Twelve years in logistics.",
  pain_points: ["Orders miss the carrier cut-off at peak"],
  goals: ["Ship same day"],
  close: "A workflow review with her shift leads.",
});

let stub: Awaited<ReturnType<typeof startAnthropicStub>>;
const replies = ["Dana speaking. Who's this?", "Peak weeks are rough, honestly."];

beforeAll(async () => {
  initializeLogger({ pretty: false, level: "warn" });
  let n = 0;
  stub = await startAnthropicStub((req: MessagesRequest) =>
    req.stream ? { text: replies[n++ % replies.length] } : { status: 400, body: {} },
  );
});

afterAll(() => stub.close());

const claude = () => new ClaudeLLM({ model: "claude-test", apiKey: "test-key", baseURL: stub.url });

describe("persona agent over Claude (text input, no room)", () => {
  it("answers in character from a streamed Claude reply, with the persona as the system prompt", async () => {
    const session = buildSession({ llm: claude() });
    await session.start({ agent: buildPersonaAgent(persona) });
    try {
      const result = await session.run({ userInput: "Hi, is this Dana?" }).wait();
      result.expect.nextEvent().isMessage({ role: "assistant" });
      result.expect.noMoreEvents();
      const said = session.history.items.flatMap((i) =>
        i.type === "message" && i.role === "assistant" ? [i.textContent] : [],
      );
      expect(said.at(-1)).toBe("Dana speaking. Who's this?");
      const request = stub.requests.at(-1)!;
      expect(request.stream).toBe(true);
      expect(String(request.system)).toContain("You are Dana Whitfield, Head of Operations");
      expect(String(request.system)).toContain("spoken aloud");
      expect(request.messages).toEqual([{ role: "user", content: "Hi, is this Dana?" }]);
    } finally {
      await session.close();
    }
  });

  it("posts each finished turn in order and ends the conversation when the session closes", async () => {
    const posted: AgentTurnPayload[] = [];
    const ended: string[] = [];
    const app = {
      postTurn: async (_id: string, turn: AgentTurnPayload) => {
        posted.push(turn);
        return { stored: true };
      },
      end: async (id: string) => {
        ended.push(id);
        return { status: "ended" };
      },
    };
    const session = buildSession({ llm: claude() });
    const done = recordTranscript(session, "conv-1", app);
    await session.start({ agent: buildPersonaAgent(persona) });
    await session.run({ userInput: "What gets in your way at peak?" }).wait();
    await session.close();
    await done;
    expect(posted.map((t) => t.speaker)).toEqual(["learner", "persona"]);
    expect(posted[0].text).toBe("What gets in your way at peak?");
    expect(posted[1].text.length).toBeGreaterThan(0);
    for (const t of posted) {
      expect(Date.parse(t.ended_at)).toBeGreaterThanOrEqual(Date.parse(t.started_at));
      expect(t.external_id).toBeTruthy();
    }
    expect(new Set(posted.map((t) => t.external_id)).size).toBe(2);
    expect(ended).toEqual(["conv-1"]);
  });

  it("rebuilds the conversation so far when a job restarts mid-call", () => {
    const agent = buildPersonaAgent(persona, [
      { speaker: "learner", text: "Hello" },
      { speaker: "persona", text: "Hi" },
    ]);
    expect(agent.instructions).toContain("Dana Whitfield");
    const history = agent.chatCtx.items.flatMap((i) => (i.type === "message" ? [[i.role, i.textContent]] : []));
    expect(history).toEqual([
      ["user", "Hello"],
      ["assistant", "Hi"],
    ]);
  });
});
