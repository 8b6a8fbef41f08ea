import Anthropic from "@anthropic-ai/sdk";
import {
  APIConnectionError,
  type APIConnectOptions,
  APIStatusError,
  APITimeoutError,
  DEFAULT_API_CONNECT_OPTIONS,
  llm,
  shortuuid,
} from "@livekit/agents";

import { refusesTools } from "@/lib/ai/tool-errors";
import { type PersonaMessage, toPersonaMessages } from "@/lib/conversations/persona-prompt";

export type ClaudeLLMOptions = {
  model: string;
  /** Injected in tests; otherwise built from apiKey and baseURL. */
  client?: Anthropic;
  apiKey?: string;
  baseURL?: string;
  maxTokens?: number;
};

type Turn = PersonaMessage;

/** system/developer items become Claude's `system`; user/assistant runs are merged and start with the user. */
export function toClaudeRequest(chatCtx: llm.ChatContext): { system: string; messages: Turn[] } {
  const system: string[] = [];
  const turns: { role: "user" | "assistant"; text: string }[] = [];
  for (const item of chatCtx.items) {
    if (item.type !== "message") continue;
    const text = item.textContent?.trim();
    if (!text) continue;
    if (item.role === "system" || item.role === "developer") system.push(text);
    else turns.push({ role: item.role, text });
  }
  // The same message shape as the local mode: one module (lib/conversations/persona-prompt.ts) for both.
  return { system: system.join("\n\n"), messages: toPersonaMessages(turns) };
}

/**
 * Claude as the agent's LLM: there is no Anthropic plugin for Node agents on the registry,
 * so this streams text from @anthropic-ai/sdk into the framework's LLMStream. The only tool the
 * persona has is the framework's end_call (agent/call-ending.ts).
 */
export class ClaudeLLM extends llm.LLM {
  readonly #client: Anthropic;
  readonly #opts: ClaudeLLMOptions;
  /**
   * Set once the endpoint refused tools (a self-hosted model without tool support): the persona then
   * plays without end_call, and the call ends when the learner leaves or at CALL_MAX_MINUTES.
   */
  toolsRefused = false;

  constructor(opts: ClaudeLLMOptions) {
    super();
    this.#opts = opts;
    // The framework retries failed streams itself; the SDK must not retry underneath it.
    this.#client = opts.client ?? new Anthropic({ apiKey: opts.apiKey, baseURL: opts.baseURL, maxRetries: 0 });
  }

  label() {
    return "anthropic.ClaudeLLM";
  }

  get model() {
    return this.#opts.model;
  }

  get provider() {
    return "anthropic";
  }

  chat({
    chatCtx,
    toolCtx,
    connOptions = DEFAULT_API_CONNECT_OPTIONS,
  }: {
    chatCtx: llm.ChatContext;
    toolCtx?: llm.ToolContextLike;
    connOptions?: APIConnectOptions;
  }): llm.LLMStream {
    return new ClaudeStream(this, this.#client, this.#opts, { chatCtx, toolCtx, connOptions });
  }
}

class ClaudeStream extends llm.LLMStream {
  readonly #owner: ClaudeLLM;
  readonly #client: Anthropic;
  readonly #opts: ClaudeLLMOptions;

  constructor(
    owner: ClaudeLLM,
    client: Anthropic,
    opts: ClaudeLLMOptions,
    init: { chatCtx: llm.ChatContext; toolCtx?: llm.ToolContextLike; connOptions: APIConnectOptions },
  ) {
    super(owner, init);
    this.#owner = owner;
    this.#client = client;
    this.#opts = opts;
  }

  protected async run(): Promise<void> {
    const id = shortuuid("claude_");
    const { system, messages } = toClaudeRequest(this.chatCtx);
    try {
      const tools = this.#owner.toolsRefused ? [] : claudeTools(this.toolCtx);
      const open = (withTools: boolean) =>
        this.#client.messages.create(
          {
            model: this.#opts.model,
            max_tokens: this.#opts.maxTokens ?? 300,
            system: system || undefined,
            messages,
            stream: true,
            ...(withTools && tools.length ? { tools } : {}),
          },
          { signal: this.abortController.signal, timeout: this.connOptions.timeoutMs },
        );
      const stream = await open(true).catch((err) => {
        if (!tools.length || !refusesTools(err)) throw err;
        this.#owner.toolsRefused = true;
        console.warn(`[agent] ${this.#opts.model} refused tools: the persona plays without end_call`);
        return open(false);
      });
      let input = 0;
      let output = 0;
      const toolCalls = new ToolCallCollector();
      for await (const event of stream) {
        if (event.type === "message_start") input = event.message.usage.input_tokens;
        if (event.type === "message_delta") output = event.usage.output_tokens;
        if (event.type === "content_block_delta" && event.delta.type === "text_delta") {
          this.queue.put({ id, delta: { role: "assistant", content: event.delta.text } });
        }
        const call = toolCalls.take(event);
        if (call) this.queue.put({ id, delta: { role: "assistant", toolCalls: [call] } });
      }
      this.queue.put({
        id,
        usage: { promptTokens: input, completionTokens: output, totalTokens: input + output, promptCachedTokens: 0 },
      });
    } catch (err) {
      throw toAgentError(err);
    }
  }
}

/** Maps SDK errors onto the framework's, so it knows what to retry. */
function toAgentError(err: unknown): Error {
  if (err instanceof Anthropic.APIConnectionTimeoutError) return new APITimeoutError({ message: err.message });
  if (err instanceof Anthropic.APIConnectionError) return new APIConnectionError({ message: err.message });
  if (err instanceof Anthropic.APIError && typeof err.status === "number") {
    return new APIStatusError({
      message: err.message,
      options: { statusCode: err.status, retryable: err.status === 429 || err.status >= 500 },
    });
  }
  return err instanceof Error ? err : new Error(String(err));
}

/** The framework's function tools in Claude's tool format. */
function claudeTools(toolCtx: llm.ToolContext | undefined): Anthropic.Tool[] {
  if (!toolCtx) return [];
  return llm.sortedToolEntries(toolCtx).map(([name, tool]) => ({
    name,
    description: tool.description,
    input_schema: llm.toJsonSchema(tool.parameters, false, false) as Anthropic.Tool.InputSchema,
  }));
}

/** Assembles tool_use blocks (their JSON input arrives in pieces) into the framework's function calls. */
class ToolCallCollector {
  #open = new Map<number, { callId: string; name: string; json: string }>();

  take(event: Anthropic.RawMessageStreamEvent): llm.FunctionCall | null {
    if (event.type === "content_block_start" && event.content_block.type === "tool_use") {
      this.#open.set(event.index, { callId: event.content_block.id, name: event.content_block.name, json: "" });
    } else if (event.type === "content_block_delta" && event.delta.type === "input_json_delta") {
      const open = this.#open.get(event.index);
      if (open) open.json += event.delta.partial_json;
    } else if (event.type === "content_block_stop") {
      const done = this.#open.get(event.index);
      this.#open.delete(event.index);
      if (done) return llm.FunctionCall.create({ callId: done.callId, name: done.name, args: done.json || "{}" });
    }
    return null;
  }
}
