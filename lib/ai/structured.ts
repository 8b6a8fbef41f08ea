import "server-only";

import Anthropic from "@anthropic-ai/sdk";
import { z } from "zod";

import { anthropicModel, ModelOutputError, type ModelTask, refusesTools, textOf } from "./anthropic";
import { learnToolSupport, toolSupport } from "./capabilities";

type StructuredCall<S extends z.ZodType> = {
  task: ModelTask;
  system: string;
  prompt: string;
  tool: { name: string; description: string; schema: S };
  maxTokens?: number;
  /** 0 for graders, so the same transcript gets the same answer. */
  temperature?: number;
  /** One limit for the whole call, a JSON retry after a refused tool included. */
  timeoutMs?: number;
};

/**
 * Asks the model for one structure, validated by its zod schema. Forced tool use first; an endpoint
 * that refuses tools (a 400 saying so), ignores them (a reply without the tool call) or was found
 * without them by the capability check gets the same schema as JSON in plain text instead. An answer
 * that is cut off, not JSON or not of the schema's shape is a ModelOutputError, never a result.
 */
export async function callTool<S extends z.ZodType>(client: Anthropic, call: StructuredCall<S>): Promise<z.output<S>> {
  const model = anthropicModel(call.task);
  const deadline = call.timeoutMs === undefined ? null : Date.now() + call.timeoutMs;
  const options = () => (deadline === null ? {} : { timeout: Math.max(1, deadline - Date.now()) });
  const base = {
    model,
    max_tokens: call.maxTokens ?? 4096,
    ...(call.temperature === undefined ? {} : { temperature: call.temperature }),
  };
  const asJson = async () => {
    const message = await client.messages.create(
      {
        ...base,
        system: `${call.system}\n\n${jsonInstruction(call.tool.name)}`,
        messages: [{ role: "user", content: `${call.prompt}\n\n${jsonSchemaOf(call)}` }],
      },
      options(),
    );
    assertComplete(message);
    const found = extractJson(textOf(message));
    if (found === NOT_FOUND) throw new ModelOutputError("The model's answer held no JSON object", "missing");
    return validate(call, found);
  };

  if (toolSupport(model) === false) return asJson();
  let message: Anthropic.Message;
  try {
    const inputSchema = z.toJSONSchema(call.tool.schema, { io: "input" }) as Anthropic.Tool.InputSchema;
    message = await client.messages.create(
      {
        ...base,
        system: call.system,
        messages: [{ role: "user", content: call.prompt }],
        tools: [{ name: call.tool.name, description: call.tool.description, input_schema: inputSchema }],
        tool_choice: { type: "tool", name: call.tool.name },
      },
      options(),
    );
  } catch (err) {
    if (!refusesTools(err)) throw err;
    learnToolSupport(model, false, "refused tools (a 400 saying so)");
    return asJson();
  }
  assertComplete(message);
  const use = message.content.find((block) => block.type === "tool_use" && block.name === call.tool.name);
  if (use?.type === "tool_use") {
    learnToolSupport(model, true, "called the tool it was asked for");
    return validate(call, use.input);
  }
  // Engines that ignore tool_choice (Ollama's does) often write the JSON as text.
  learnToolSupport(model, false, "answered without the tool it was asked for");
  const found = extractJson(textOf(message));
  return found === NOT_FOUND ? asJson() : validate(call, found);
}

const jsonInstruction = (name: string) =>
  `There is no tool to call here: answer with the ${name} input itself, as one JSON object and nothing else (no prose, no code fence).`;

function jsonSchemaOf(call: StructuredCall<z.ZodType>): string {
  const schema = JSON.stringify(z.toJSONSchema(call.tool.schema, { io: "input" }));
  return `Write the ${call.tool.name} input (${call.tool.description}) as one JSON object matching this JSON Schema:\n${schema}`;
}

function assertComplete(message: Anthropic.Message) {
  if (message.stop_reason === "max_tokens") {
    throw new ModelOutputError(
      "The model's answer was cut off at its token limit (stop_reason max_tokens)",
      "truncated",
    );
  }
}

function validate<S extends z.ZodType>(call: StructuredCall<S>, input: unknown): z.output<S> {
  const parsed = call.tool.schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  throw new ModelOutputError(
    `The model returned an invalid ${call.tool.name}: ${first.path.join(".") || "input"} ${first.message}`,
    "schema",
  );
}

export const NOT_FOUND = Symbol("no JSON");

/**
 * The JSON object in a model's text: the whole text, or inside a code fence, or from the first `{`
 * to the last `}` (models add a sentence around it), after any <think> block. NOT_FOUND when there is
 * no brace at all; a ModelOutputError when there is one but it does not parse (broken or cut off).
 */
export function extractJson(text: string): unknown {
  const body = text.replace(/<think>[\s\S]*?<\/think>/gi, "").trim();
  const fenced = body.match(/```(?:json)?\s*([\s\S]*?)```/i)?.[1];
  const start = (fenced ?? body).indexOf("{");
  if (start < 0) return NOT_FOUND;
  const candidate = (fenced ?? body).slice(start, (fenced ?? body).lastIndexOf("}") + 1);
  try {
    return JSON.parse(candidate);
  } catch {
    throw new ModelOutputError("The model's answer was not valid JSON", "invalid_json");
  }
}
