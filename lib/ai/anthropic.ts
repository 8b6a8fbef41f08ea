import "server-only";

import Anthropic from "@anthropic-ai/sdk";

import { env } from "@/lib/env";

/** What the model is asked to do: each task may run on its own model (ANTHROPIC_MODEL_<TASK>). */
export type ModelTask = "persona" | "grader" | "author";
export const MODEL_TASKS: readonly ModelTask[] = ["persona", "grader", "author"];

/** Why a model's answer could not be used: no JSON, JSON of the wrong shape, or cut off at max_tokens. */
export type ModelOutputProblem = "invalid_json" | "schema" | "truncated" | "missing" | "unquoted";

/** The model answered, but not in the shape we asked for. */
export class ModelOutputError extends Error {
  constructor(
    message: string,
    readonly problem: ModelOutputProblem = "schema",
  ) {
    super(message);
    this.name = "ModelOutputError";
  }
}

/**
 * Whether a model grades and generates here; without one, Parley runs offline (the rubric grader).
 * A self-hosted endpoint that needs no key still needs ANTHROPIC_API_KEY set to a placeholder
 * (docs/self-hosting.md): an ANTHROPIC_BASE_URL alone never sends transcripts anywhere.
 */
export const modelConfigured = () => Boolean(env().ANTHROPIC_API_KEY);

/**
 * A configured client, or null when ANTHROPIC_API_KEY is not set (offline mode). The SDK sends the key
 * as `Authorization: Bearer`, which vLLM's and llama.cpp's --api-key and LiteLLM's keys accept.
 */
export function anthropicClient(opts: { timeoutMs?: number; maxRetries?: number } = {}): Anthropic | null {
  const { ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL } = env();
  if (!ANTHROPIC_API_KEY) return null;
  return new Anthropic({
    apiKey: ANTHROPIC_API_KEY,
    baseURL: ANTHROPIC_BASE_URL || undefined,
    timeout: opts.timeoutMs ?? 60_000,
    maxRetries: opts.maxRetries ?? 1,
  });
}

/** The model of a task: its own variable when set, else ANTHROPIC_MODEL. */
export function anthropicModel(task: ModelTask = "persona"): string {
  const e = env();
  const own = {
    persona: e.ANTHROPIC_MODEL_PERSONA,
    grader: e.ANTHROPIC_MODEL_GRADER,
    author: e.ANTHROPIC_MODEL_AUTHOR,
  };
  return own[task] || e.ANTHROPIC_MODEL;
}

/** Where the model is, fit for a log line: scheme, host and path, never a user, password or query. */
export function modelEndpoint(): string {
  const base = env().ANTHROPIC_BASE_URL?.trim();
  if (!base) return "api.anthropic.com";
  try {
    const url = new URL(base);
    return `${url.protocol}//${url.host}${url.pathname === "/" ? "" : url.pathname}`;
  } catch {
    return "an invalid ANTHROPIC_BASE_URL";
  }
}

/** The text blocks of a message, joined (thinking blocks and tool calls left out). */
export const textOf = (message: Anthropic.Message) =>
  message.content
    .flatMap((block) => (block.type === "text" ? [block.text] : []))
    .join(" ")
    .trim();

export { refusesTools } from "./tool-errors";
