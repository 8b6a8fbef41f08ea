import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { POST as sendMessage } from "@/app/api/protected/conversations/[conversationId]/messages/route";
import { GET as getConversation } from "@/app/api/protected/conversations/[conversationId]/route";
import { GET as getDashboard } from "@/app/api/protected/dashboard/route";
import { GET as getGrade } from "@/app/api/protected/grades/[conversationId]/route";
import { POST as requestroom } from "@/app/api/protected/requestroom/route";
import { POST as autogenerate } from "@/app/api/protected/roleplay/autogenerate/route";
import { getDb } from "@/db";
import { findTurns } from "@/db/queries/grades";
import { conversations, conversationTurns, gradeCache, grades, roleplays } from "@/db/schema";
import { resetModelCapabilities } from "@/lib/ai/capabilities";
import { gradeTranscript } from "@/lib/grading/grade-transcript";
import { enqueueGrade } from "@/lib/grading/queue";
import { drainGrades } from "@/lib/grading/worker";

import { discoveryCall, samplePersona, timedTurns } from "../fixtures/grading/sample-calls";
import { persona as generatedPersona } from "../fixtures/roleplay";
import { type MessagesRequest, startAnthropicStub, stubEngines, type StubReply } from "../helpers/anthropic-stub";
import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";

/**
 * A self-hosted model behind the Messages API (Ollama, llama.cpp's server, vLLM, LiteLLM): engines that
 * refuse tools, ignore them, write broken or cut-off JSON, or never answer, played by the stand-in.
 */
let respond: (req: MessagesRequest) => StubReply = () => ({ text: "unset" });
let stub: Awaited<ReturnType<typeof startAnthropicStub>>;
let member: Awaited<ReturnType<typeof createUser>>;
let dev: Awaited<ReturnType<typeof createUser>>;
let roleplayId: string;

const QUOTE = "could you walk me through how orders flow";
/** A good grade as the grader's schema wants it, quoting the learner verbatim. */
const gradeAnswer = {
  question_labels: [],
  criteria: [],
  overall_feedback: "Careful discovery before any pitch.",
  strengths: [{ observation: "Opened with the buyer's process", learner_quote: QUOTE }],
  areas_for_improvement: [],
  recommendations: ["Ask one more implication question."],
};
const gradeJson = JSON.stringify(gradeAnswer);

beforeAll(async () => {
  stub = await startAnthropicStub((req) => respond(req));
  const org = await createOrg({ name: "Self-hosted College" });
  member = await createUser({ name: "Maya" });
  dev = await createUser({ isDev: true });
  await addMember({ userId: member.id, orgId: org.id });
  await addMember({ userId: dev.id, orgId: org.id, role: "admin" });
  const [row] = await (
    await getDb()
  )
    .insert(roleplays)
    .values({ organization_id: org.id, name: "Discovery", description: "d", is_public: true, persona: samplePersona })
    .returning();
  roleplayId = row.id;
});

const MODEL_VARS = [
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_BASE_URL",
  "ANTHROPIC_MODEL",
  "ANTHROPIC_MODEL_PERSONA",
  "ANTHROPIC_MODEL_GRADER",
  "ANTHROPIC_MODEL_AUTHOR",
  "MODEL_REPLY_TIMEOUT_MS",
  "GRADING_TIMEOUT_MS",
  "GRADING_MAX_ATTEMPTS",
];
function selfHosted(extra: Record<string, string> = {}) {
  // A local endpoint that needs no key: ANTHROPIC_API_KEY is a placeholder.
  Object.assign(process.env, {
    ANTHROPIC_API_KEY: "none",
    ANTHROPIC_BASE_URL: stub.url,
    ANTHROPIC_MODEL: "qwen3:32b",
    ...extra,
  });
}
afterEach(async () => {
  for (const k of MODEL_VARS) delete process.env[k];
  resetModelCapabilities();
  await (await getDb()).delete(gradeCache); // each test meets its own engine, never a cached answer
});
afterAll(() => stub.close());

async function endedConversation() {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [c] = await tx
      .insert(conversations)
      .values({
        user_id: member.id,
        schema_name: "Discovery",
        persona: samplePersona,
        mode: "livekit",
        status: "ended",
        ended_at: new Date(),
      })
      .returning();
    await tx.insert(conversationTurns).values(timedTurns(discoveryCall).map((t) => ({ ...t, conversation_id: c.id })));
    await enqueueGrade(tx, c.id);
    return c.id;
  });
}
const gradeOf = async (id: string) =>
  (await (await getDb()).select().from(grades).where(eq(grades.conversation_id, id)))[0];
const rubricScore = async (id: string) =>
  (await gradeTranscript({ persona: samplePersona, turns: await findTurns(await getDb(), id) })).score;
const sinceNow = () => {
  const from = stub.requests.length;
  return () => stub.requests.slice(from);
};

describe("grading on an endpoint without tools", () => {
  it("falls back to JSON after a 400 'does not support tools', and asks in JSON from then on", async () => {
    selfHosted({ ANTHROPIC_MODEL_GRADER: "llama3.2:3b" });
    respond = stubEngines.rejectsTools(gradeJson);
    const sent = sinceNow();
    const first = await endedConversation();
    await drainGrades();
    expect(await gradeOf(first)).toMatchObject({ status: "graded", grader: "ai", model: "llama3.2:3b", error: null });
    const [refused, asJson] = sent();
    expect(refused).toMatchObject({ model: "llama3.2:3b", tool_choice: { type: "tool", name: "record_grade" } });
    expect(asJson.tools).toBeUndefined();
    expect(String(asJson.system)).toContain("There is no tool to call here");
    expect(JSON.stringify(asJson.messages)).toContain("question_labels"); // the schema, in the prompt

    await (await getDb()).delete(gradeCache);
    const later = sinceNow();
    await endedConversation();
    await drainGrades();
    expect(later().map((r) => Boolean(r.tools))).toEqual([false]);
  });

  it("takes the JSON a model writes as text when it ignores the forced tool, validated by the same schema", async () => {
    selfHosted();
    respond = stubEngines.ignoresTools(`Here is the grade:\n\`\`\`json\n${gradeJson}\n\`\`\``);
    const sent = sinceNow();
    const id = await endedConversation();
    await drainGrades();
    const grade = await gradeOf(id);
    expect(grade).toMatchObject({ status: "graded", grader: "ai", model: "qwen3:32b" });
    expect((grade.feedback as { strengths: string[] }).strengths[0]).toContain(QUOTE);
    expect(sent()).toHaveLength(1);
  });

  it("asks again for JSON when a model ignores the tool and answers in prose", async () => {
    selfHosted();
    respond = (req) => (req.tools ? { text: "The learner did well overall." } : { text: gradeJson });
    const sent = sinceNow();
    const id = await endedConversation();
    await drainGrades();
    expect(await gradeOf(id)).toMatchObject({ status: "graded", grader: "ai" });
    expect(sent().map((r) => Boolean(r.tools))).toEqual([true, false]);
  });

  const unusable: [string, StubReply, RegExp][] = [
    ["broken JSON", { text: '{"question_labels": [{"index": 0, "stage": "situ' }, /not valid JSON/],
    [
      "an answer cut off at max_tokens",
      { tool: { name: "record_grade", input: {} }, stopReason: "max_tokens" },
      /cut off/,
    ],
    ["JSON of the wrong shape", { text: '{"grade": "B+"}' }, /did not match the grade's schema \(question_labels /],
  ];
  for (const [what, answer, why] of unusable) {
    it(`grades ${what} offline by the rubric, flagged on the grade, never as the model's grade`, async () => {
      selfHosted();
      respond = () => answer;
      const id = await endedConversation();
      await drainGrades();
      const grade = await gradeOf(id);
      expect(grade).toMatchObject({ status: "graded", attempts: 1, grader: "rubric", model: "qwen3:32b" });
      expect(grade.error).toMatch(/^Graded offline by the rubric: the model's answer was unusable: /);
      expect(grade.error).toMatch(why);
      expect(grade.score).toBe(await rubricScore(id));
      const api = await call(getGrade, { token: member.token, params: { conversationId: id } });
      expect(api.json).toMatchObject({ grader: "rubric", model: "qwen3:32b", graded_offline_reason: grade.error });
    });
  }
});

describe("the persona's reply on a slow or failing model", () => {
  async function startCall() {
    const room = await call(requestroom, { body: { schema_id: roleplayId }, token: member.token });
    expect(room.status).toBe(200);
    const params = { conversationId: room.json.conversation_id as string };
    return { params, say: (text: string) => call(sendMessage, { body: { text }, token: member.token, params }) };
  }

  it("answers from the persona's own model", async () => {
    selfHosted({ ANTHROPIC_MODEL_PERSONA: "qwen3:8b" });
    respond = () => ({ text: "Dana speaking." });
    const { say } = await startCall();
    const res = await say("Hi Dana");
    expect(res.json).toMatchObject({ reply: "Dana speaking.", offline: false, offline_notice: null });
    expect(stub.requests.at(-1)!.model).toBe("qwen3:8b");
  });

  it("lets the offline persona take the turn after MODEL_REPLY_TIMEOUT_MS, labelled in the reply and on reload", async () => {
    selfHosted({ MODEL_REPLY_TIMEOUT_MS: "400" });
    respond = () => ({ hang: true });
    const { say, params } = await startCall();
    const started = Date.now();
    const res = await say("How do orders flow through your warehouses?");
    const waited = Date.now() - started;
    expect(res.status).toBe(200);
    expect(waited).toBeGreaterThanOrEqual(390);
    expect(waited).toBeLessThan(5_000);
    expect(res.json).toMatchObject({
      offline: true,
      offline_notice: "The AI persona did not answer within 0.4 s, so the offline persona answered this turn.",
      persona_turn: { speaker: "persona", offline: true },
    });
    expect(res.json.reply.length).toBeGreaterThan(0);
    const view = await call(getConversation, { token: member.token, params });
    expect(view.json.turns.map((t: { speaker: string; offline?: boolean }) => [t.speaker, t.offline ?? false])).toEqual(
      [
        ["learner", false],
        ["persona", true],
      ],
    );
  });

  it("holds up no other request while the model hangs: the dashboard and the call answer meanwhile", async () => {
    selfHosted({ MODEL_REPLY_TIMEOUT_MS: "5000", GRADING_TIMEOUT_MS: "5000", GRADING_MAX_ATTEMPTS: "1" });
    respond = () => ({ hang: true });
    const { say, params } = await startCall();
    await endedConversation();
    const started = Date.now();
    const reply = say("Hello, is this Dana?").then((r) => ({ ...r, at: Date.now() - started })); // waits for the model
    const grading = drainGrades(); // waits for the model too
    await new Promise((r) => setTimeout(r, 200));
    const timings: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = Date.now();
      const [dashboard, conversation] = await Promise.all([
        call(getDashboard, { token: member.token }),
        call(getConversation, { token: member.token, params }),
      ]);
      expect([dashboard.status, conversation.status]).toEqual([200, 200]);
      timings.push(Date.now() - t);
    }
    const othersDone = Date.now() - started;
    const answered = await reply;
    // Every other request was answered while both model calls still hung (a loaded machine slows each a little).
    expect(othersDone).toBeLessThan(answered.at);
    expect(answered.at).toBeGreaterThanOrEqual(4_900);
    expect(Math.max(...timings)).toBeLessThan(2_500);
    expect(answered.json.offline).toBe(true);
    await grading;
  });
});

describe("credentials for a self-hosted endpoint", () => {
  it("sends ANTHROPIC_API_KEY as a bearer token, which vLLM's and llama.cpp's --api-key check (Ollama ignores it)", async () => {
    respond = () => ({ text: "Dana speaking." });
    const room = await call(requestroom, { body: { schema_id: roleplayId }, token: member.token });
    selfHosted({ ANTHROPIC_API_KEY: "vllm-key-123" });
    const params = { conversationId: room.json.conversation_id as string };
    const res = await call(sendMessage, { body: { text: "Hello?" }, token: member.token, params });
    expect(res.json.offline).toBe(false);
    expect(stub.headers.at(-1)).toMatchObject({ authorization: "Bearer vllm-key-123" });
  });
});

describe("auto-generate on an endpoint without tools", () => {
  it("asks the author model for the persona as JSON and creates the roleplay", async () => {
    selfHosted({ ANTHROPIC_MODEL_AUTHOR: "qwen3:14b" });
    respond = stubEngines.rejectsTools(JSON.stringify(generatedPersona()));
    const sent = sinceNow();
    const res = await call(autogenerate, {
      token: dev.token,
      body: {
        name: "Generated",
        description: "From notes",
        raw_text: "Dana runs two warehouses; peak weeks miss cut-offs.",
        is_public: false,
        assigned_groups: [],
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.schema_data.persona.name).toBe("Dana Whitfield");
    expect(sent().map((r) => [r.model, Boolean(r.tools)])).toEqual([
      ["qwen3:14b", true],
      ["qwen3:14b", false],
    ]);
  });
});
