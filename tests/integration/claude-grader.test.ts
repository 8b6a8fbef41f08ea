import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { conversations, conversationTurns, grades } from "@/db/schema";
import { enqueueGrade } from "@/lib/grading/queue";
import { discoveryCall, pushyPitch, samplePersona, timedTurns } from "@/lib/grading/sample-calls";
import { retryGrading } from "@/lib/grading/service";
import { drainGrades, gradeNext } from "@/lib/grading/worker";
import { startAnthropicStub, type MessagesRequest, type StubReply } from "../helpers/anthropic-stub";
import { createUser } from "../helpers/factories";

type Lines = Parameters<typeof timedTurns>[0];

const feedback = (score: number, quote: string) => ({
  overall_feedback: score > 60 ? "Careful discovery before any pitch." : "A feature pitch with no discovery.",
  spin_score: score,
  spin_feedback: "Stages as observed.",
  stage_scores: { situation: score, problem: score, implication: score, "need-payoff": score },
  communication_score: score,
  communication_feedback: "Pace and fillers as measured.",
  strengths: [{ observation: "Grounded the call in the learner's own words", learner_quote: quote }],
  areas_for_improvement: [{ observation: "Could go deeper", learner_quote: quote }],
  recommendations: ["Ask one more implication question."],
});

/** Answers like a sensible model: high for the discovery call, low for the pitch. */
function realistic(req: MessagesRequest): StubReply {
  const prompt = JSON.stringify(req.messages);
  return prompt.includes("could you walk me through")
    ? { tool: { name: "record_grade", input: { conversation_score: 86, feedback: feedback(85, "could you walk me through how orders flow") } } }
    : { tool: { name: "record_grade", input: { conversation_score: 22, feedback: feedback(20, "the best warehouse platform on the market") } } };
}

let reply: (req: MessagesRequest) => StubReply = realistic;
let stub: Awaited<ReturnType<typeof startAnthropicStub>>;
let userId: string;

async function endedConversation(lines: Lines) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [c] = await tx
      .insert(conversations)
      .values({ user_id: userId, schema_name: "Discovery", persona: samplePersona, mode: "livekit", status: "ended", ended_at: new Date() })
      .returning();
    await tx.insert(conversationTurns).values(timedTurns(lines).map((t) => ({ ...t, conversation_id: c.id })));
    await enqueueGrade(tx, c.id);
    return c.id;
  });
}

const gradeOf = async (id: string) => (await (await getDb()).select().from(grades).where(eq(grades.conversation_id, id)))[0];

beforeAll(async () => {
  stub = await startAnthropicStub((req) => reply(req));
  process.env.ANTHROPIC_API_KEY = "test-key";
  process.env.ANTHROPIC_BASE_URL = stub.url;
  process.env.ANTHROPIC_MODEL = "claude-test-model";
  userId = (await createUser()).id;
});

afterEach(() => {
  reply = realistic;
  for (const k of ["GRADING_MAX_ATTEMPTS", "GRADING_RETRY_DELAY_MS", "GRADING_TIMEOUT_MS"]) delete process.env[k];
});

afterAll(async () => {
  for (const k of ["ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "ANTHROPIC_MODEL"]) delete process.env[k];
  await stub.close();
});

describe("the Claude grader", () => {
  it("grades through forced tool use and records the model", async () => {
    const discovery = await endedConversation(discoveryCall);
    const pitch = await endedConversation(pushyPitch);
    await drainGrades();
    const [d, p] = [await gradeOf(discovery), await gradeOf(pitch)];
    expect(d).toMatchObject({ status: "graded", grader: "ai", model: "claude-test-model", score: 86 });
    expect(d.score! - p.score!).toBeGreaterThanOrEqual(20);
    // stages and topics stay the deterministic metrics, not the model's opinion
    expect(d.stages_covered).toEqual(["situation", "problem", "implication", "need-payoff"]);
    expect(p.stages_covered).toEqual([]);
    expect((d.feedback as { strengths: string[] }).strengths).toEqual([
      'Grounded the call in the learner\'s own words ("could you walk me through how orders flow")',
    ]);

    const request = stub.requests.find((r) => JSON.stringify(r.messages).includes("could you walk me through"))!;
    expect(request.tool_choice).toEqual({ type: "tool", name: "record_grade" });
    const prompt = JSON.stringify(request.messages);
    expect(prompt).toContain("Dana Whitfield");
    expect(prompt).toContain("<metrics>");
  });

  it("records a malformed answer as the reason, retries with backoff, then fails; nothing half-written", async () => {
    process.env.GRADING_MAX_ATTEMPTS = "2";
    process.env.GRADING_RETRY_DELAY_MS = "60000";
    reply = () => ({ tool: { name: "record_grade", input: { conversation_score: "great", feedback: {} } } });
    const id = await endedConversation(discoveryCall);

    expect(await gradeNext()).toBe(true);
    const afterFirst = await gradeOf(id);
    expect(afterFirst).toMatchObject({ status: "pending", attempts: 1, score: null, feedback: null, metrics: null, grader: null, locked_until: null });
    expect(afterFirst.error).toMatch(/The model returned an invalid record_grade: conversation_score/);
    expect(afterFirst.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(await gradeNext()).toBe(false); // not due yet

    const db = await getDb();
    await db.update(grades).set({ next_attempt_at: new Date(Date.now() - 1000) }).where(eq(grades.conversation_id, id));
    expect(await gradeNext()).toBe(true);
    expect(await gradeOf(id)).toMatchObject({ status: "failed", attempts: 2, score: null, feedback: null });

    reply = realistic;
    await retryGrading({ id: userId, name: "x", email: "x", isDev: false }, id);
    await drainGrades();
    expect(await gradeOf(id)).toMatchObject({ status: "graded", score: 86, error: null, attempts: 1 });
  });

  it("times out a hanging model call and records why", async () => {
    process.env.GRADING_MAX_ATTEMPTS = "1";
    process.env.GRADING_TIMEOUT_MS = "300";
    reply = () => ({ hang: true });
    const id = await endedConversation(discoveryCall);
    await drainGrades();
    const grade = await gradeOf(id);
    expect(grade).toMatchObject({ status: "failed", attempts: 1, score: null, feedback: null });
    expect(grade.error).toMatch(/timed out/i);
  });

  it("refuses feedback that quotes nothing the learner said", async () => {
    process.env.GRADING_MAX_ATTEMPTS = "1";
    reply = () => ({ tool: { name: "record_grade", input: { conversation_score: 90, feedback: feedback(90, "I promise a 50% discount") } } });
    const id = await endedConversation(discoveryCall);
    await drainGrades();
    expect(await gradeOf(id)).toMatchObject({ status: "failed", error: "The model's feedback quoted nothing the learner actually said" });
  });

  it("does not call the model for a conversation in which the learner said nothing", async () => {
    const before = stub.requests.length;
    const id = await endedConversation([["persona", "Hello? Anyone there?", 3]]);
    await drainGrades();
    expect(await gradeOf(id)).toMatchObject({ status: "graded", score: 0, grader: "rubric" });
    expect(stub.requests.length).toBe(before);
  });
});
