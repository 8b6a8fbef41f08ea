import "server-only";

import Anthropic from "@anthropic-ai/sdk";

import { env } from "@/lib/env";

import {
  anthropicClient,
  anthropicModel,
  MODEL_TASKS,
  modelConfigured,
  modelEndpoint,
  type ModelTask,
  refusesTools,
  textOf,
} from "./anthropic";

/** One probe's verdict: yes, no, or null when the endpoint gave no usable answer in time. */
export type Probe = { ok: boolean | null; detail: string };
type ModelCapabilities = { model: string; tasks: ModelTask[]; text: Probe; streaming: Probe; tools: Probe };
type CapabilityReport = {
  endpoint: string;
  configured: boolean;
  checked_at: string;
  duration_ms: number;
  models: ModelCapabilities[];
  /** What the server log says, one line per model (or why there is no model). */
  lines: string[];
};

type State = { tools: Map<string, boolean>; last: CapabilityReport | null; running: Promise<CapabilityReport> | null };
const state = ((globalThis as unknown as { parleyModelCapabilities?: State }).parleyModelCapabilities ??= {
  tools: new Map(),
  last: null,
  running: null,
});

// Keyed by endpoint too: a change of ANTHROPIC_BASE_URL (tests, a restart) starts from nothing.
const keyOf = (model: string) => `${modelEndpoint()} ${model}`;

/** Whether this model takes forced tool use: true, false, or undefined while nobody knows. */
export const toolSupport = (model: string): boolean | undefined => state.tools.get(keyOf(model));

/** Remembers what a real request showed; says so in the log once, when it changes. */
export function learnToolSupport(model: string, supported: boolean, why: string) {
  const before = toolSupport(model);
  state.tools.set(keyOf(model), supported);
  if (before === supported) return;
  if (!supported) console.warn(`[model] ${model} ${why}: grading and auto-generate use JSON output from now on`);
  else if (before === false) console.info(`[model] ${model} ${why}: grading uses tool use again`);
}

/** The last check's report, or null before the first. */
const lastModelCheck = () => state.last;

/** Forgets what was learned (tests). */
export function resetModelCapabilities() {
  state.tools.clear();
  state.last = null;
  state.running = null;
}

const yesNo = (p: Probe) => (p.ok === null ? `unknown (${p.detail})` : p.ok ? "yes" : `no (${p.detail})`);

function consequence(m: ModelCapabilities): string {
  if (m.text.ok !== true) return "the model did not answer: check ANTHROPIC_BASE_URL, the key and the model name";
  const parts: string[] = [];
  if (m.tasks.some((t) => t !== "persona")) {
    parts.push(
      m.tools.ok === false
        ? "grading and auto-generate use JSON output"
        : m.tools.ok
          ? "grading and auto-generate use tool use"
          : "grading tries tool use first",
    );
  }
  if (m.tasks.includes("persona") && m.streaming.ok === false) parts.push("the voice agent needs streaming");
  return parts.join("; ") || "ready";
}

const describe = (endpoint: string, m: ModelCapabilities) =>
  `[model] ${endpoint} · ${m.model} (${m.tasks.join(", ")}): text ${yesNo(m.text)}, streaming ${yesNo(m.streaming)}, tool use ${yesNo(m.tools)} -> ${consequence(m)}`;

/** Why a probe got nothing: short, and never a header or a key. */
function failure(err: unknown): Probe {
  // The probes abort only when their time is up.
  if (err instanceof Anthropic.APIConnectionTimeoutError || err instanceof Anthropic.APIUserAbortError)
    return { ok: null, detail: "no answer in time" };
  if (err instanceof Anthropic.APIConnectionError) return { ok: null, detail: "unreachable" };
  if (err instanceof Anthropic.APIError && err.status) return { ok: null, detail: `HTTP ${err.status}` };
  return { ok: null, detail: "failed" };
}

async function probeText(client: Anthropic, model: string, signal: AbortSignal): Promise<Probe> {
  try {
    const message = await client.messages.create(
      { model, max_tokens: 64, messages: [{ role: "user", content: "Reply with the single word: ok" }] },
      { signal },
    );
    return message.content.length > 0 || textOf(message) ? { ok: true, detail: "" } : { ok: false, detail: "empty" };
  } catch (err) {
    return failure(err);
  }
}

async function probeStreaming(client: Anthropic, model: string, signal: AbortSignal): Promise<Probe> {
  try {
    const stream = await client.messages.create(
      { model, max_tokens: 64, stream: true, messages: [{ role: "user", content: "Count to three." }] },
      { signal },
    );
    let events = 0;
    let stopped = false;
    for await (const event of stream) {
      events++;
      if (event.type === "message_stop") stopped = true;
    }
    return stopped ? { ok: true, detail: "" } : { ok: false, detail: events ? "stream never ended" : "no events" };
  } catch (err) {
    if (err instanceof Anthropic.APIError && err.status && err.status < 500 && err.status !== 429)
      return { ok: false, detail: `HTTP ${err.status}` };
    return failure(err);
  }
}

async function probeTools(client: Anthropic, model: string, signal: AbortSignal): Promise<Probe> {
  try {
    const message = await client.messages.create(
      {
        model,
        max_tokens: 128,
        messages: [{ role: "user", content: "Report that you are ready." }],
        tools: [
          {
            name: "report_ready",
            description: "Reports readiness",
            input_schema: { type: "object", properties: { ready: { type: "boolean" } }, required: ["ready"] },
          },
        ],
        tool_choice: { type: "tool", name: "report_ready" },
      },
      { signal },
    );
    return message.content.some((b) => b.type === "tool_use" && b.name === "report_ready")
      ? { ok: true, detail: "" }
      : { ok: false, detail: "ignored the forced tool choice" };
  } catch (err) {
    if (refusesTools(err)) return { ok: false, detail: "refused tools" };
    return failure(err);
  }
}

/** Each distinct model with the tasks it serves, in task order. */
function modelsByTask(): { model: string; tasks: ModelTask[] }[] {
  const byModel = new Map<string, ModelTask[]>();
  for (const task of MODEL_TASKS) {
    const model = anthropicModel(task);
    byModel.set(model, [...(byModel.get(model) ?? []), task]);
  }
  return [...byModel].map(([model, tasks]) => ({ model, tasks }));
}

async function runCheck(timeoutMs: number): Promise<CapabilityReport> {
  const started = Date.now();
  const endpoint = modelEndpoint();
  const report = (models: ModelCapabilities[], lines: string[], configured: boolean): CapabilityReport => ({
    endpoint,
    configured,
    checked_at: new Date().toISOString(),
    duration_ms: Date.now() - started,
    models,
    lines,
  });
  const client = anthropicClient({ timeoutMs, maxRetries: 0 });
  if (!client || !modelConfigured()) {
    const line = env().ANTHROPIC_BASE_URL?.trim()
      ? "[model] ANTHROPIC_BASE_URL is set but ANTHROPIC_API_KEY is not, so no model is used (offline persona, rubric grader). For a self-hosted endpoint that needs no key, set ANTHROPIC_API_KEY to any placeholder such as `none`."
      : "[model] no model configured (ANTHROPIC_API_KEY unset): the offline persona and the rubric grader run.";
    return report([], [line], false);
  }
  const models = await Promise.all(
    modelsByTask().map(async ({ model, tasks }) => {
      const signal = AbortSignal.timeout(timeoutMs);
      const [text, streaming, tools] = await Promise.all([
        probeText(client, model, signal),
        probeStreaming(client, model, signal),
        probeTools(client, model, signal),
      ]);
      if (tools.ok !== null) state.tools.set(keyOf(model), tools.ok);
      return { model, tasks, text, streaming, tools };
    }),
  );
  return report(
    models,
    models.map((m) => describe(endpoint, m)),
    true,
  );
}

/**
 * One tiny request each for plain text, streaming and forced tool use per distinct model, each
 * within `timeoutMs`. The result drives the structured output's mode (tool use or JSON). A check
 * already under way is shared.
 */
export function checkModelCapabilities(timeoutMs = env().MODEL_CHECK_TIMEOUT_MS): Promise<CapabilityReport> {
  state.running ??= runCheck(timeoutMs)
    .then((r) => (state.last = r))
    .finally(() => (state.running = null));
  return state.running;
}

/** On at start unless MODEL_CHECK_AT_START says otherwise; off under the test runner unless asked. */
export function shouldCheckAtStart(source: Record<string, string | undefined> = process.env): boolean {
  const flag = source.MODEL_CHECK_AT_START?.trim();
  if (flag === "true" || flag === "1") return true;
  if (flag === "false" || flag === "0") return false;
  return !source.VITEST;
}

/** Server start (instrumentation.ts): runs the check in the background and logs what works. Never waits. */
export function startModelCheck(): void {
  if (!shouldCheckAtStart()) return;
  setImmediate(() => {
    checkModelCapabilities()
      .then((r) => {
        for (const line of r.lines) (r.models.every((m) => m.text.ok) ? console.info : console.warn)(line);
      })
      .catch((err) => console.warn("[model] capability check failed:", err instanceof Error ? err.message : err));
  });
}

/** The developer console's view: where the model is, which model does what, the time limits and the last check. */
export function modelStatus() {
  const e = env();
  return {
    configured: modelConfigured(),
    endpoint: modelEndpoint(),
    models: Object.fromEntries(MODEL_TASKS.map((task) => [task, anthropicModel(task)])) as Record<ModelTask, string>,
    limits_ms: {
      persona_reply: e.MODEL_REPLY_TIMEOUT_MS,
      grading: e.GRADING_TIMEOUT_MS,
      autogenerate: e.AUTOGENERATE_TIMEOUT_MS,
      check: e.MODEL_CHECK_TIMEOUT_MS,
    },
    last_check: lastModelCheck(),
  };
}
