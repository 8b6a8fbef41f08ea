import Anthropic from "@anthropic-ai/sdk";

// No "server-only" here: the LiveKit agent (agent/claude-llm.ts) reads it too.

/**
 * A 400 saying the endpoint or this model cannot take tools: Ollama's "... does not support tools",
 * llama.cpp's server without --jinja, vLLM without a tool-call parser.
 */
export function refusesTools(err: unknown): boolean {
  if (!(err instanceof Anthropic.APIError) || err.status !== 400) return false;
  const message = err.message ?? "";
  return (
    /tool/i.test(message) &&
    /(?:does not|doesn't|do not|not) support|unsupported|requires --jinja|tool-call-parser|enable-auto-tool-choice/i.test(
      message,
    )
  );
}
