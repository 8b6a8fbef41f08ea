import "server-only";

import Anthropic from "@anthropic-ai/sdk";
import { z } from "zod";

import { env } from "@/lib/env";

/** The model answered, but not in the shape we asked for. */
export class ModelOutputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ModelOutputError";
  }
}

/** Whether a model grades and generates here; without one, Parley runs offline (the rubric grader). */
export const modelConfigured = () => Boolean(env().ANTHROPIC_API_KEY);

/** A configured client, or null when ANTHROPIC_API_KEY is not set (offline mode). */
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

export const anthropicModel = () => env().ANTHROPIC_MODEL;

type ToolCall<S extends z.ZodType> = {
  system: string;
  prompt: string;
  tool: { name: string; description: string; schema: S };
  maxTokens?: number;
  /** 0 for graders, so the same transcript gets the same answer. */
  temperature?: number;
};

/**
 * Asks Claude to answer by calling exactly one tool whose input schema is the zod schema,
 * then validates that input with the same schema.
 */
export async function callTool<S extends z.ZodType>(client: Anthropic, call: ToolCall<S>): Promise<z.output<S>> {
  const inputSchema = z.toJSONSchema(call.tool.schema, { io: "input" }) as Anthropic.Tool.InputSchema;
  const message = await client.messages.create({
    model: anthropicModel(),
    max_tokens: call.maxTokens ?? 4096,
    ...(call.temperature === undefined ? {} : { temperature: call.temperature }),
    system: call.system,
    messages: [{ role: "user", content: call.prompt }],
    tools: [{ name: call.tool.name, description: call.tool.description, input_schema: inputSchema }],
    tool_choice: { type: "tool", name: call.tool.name },
  });
  const use = message.content.find((block) => block.type === "tool_use" && block.name === call.tool.name);
  if (!use || use.type !== "tool_use") throw new ModelOutputError("The model did not return the requested structure");
  const parsed = call.tool.schema.safeParse(use.input);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ModelOutputError(
      `The model returned an invalid ${call.tool.name}: ${first.path.join(".") || "input"} ${first.message}`,
    );
  }
  return parsed.data;
}
