import Anthropic from "@anthropic-ai/sdk";
import {
  APIConnectionError, APIStatusError, APITimeoutError, DEFAULT_API_CONNECT_OPTIONS, llm, shortuuid,
  type APIConnectOptions,
} from "@livekit/agents";
import { toPersonaMessages, type PersonaMessage } from "@/lib/conversations/persona-prompt";

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
 * so this streams text from @anthropic-ai/sdk into the framework's LLMStream. The persona has no tools.
 */
export class ClaudeLLM extends llm.LLM {
  readonly #client: Anthropic;
  readonly #opts: ClaudeLLMOptions;

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

  chat({ chatCtx, toolCtx, connOptions = DEFAULT_API_CONNECT_OPTIONS }: {
    chatCtx: llm.ChatContext;
    toolCtx?: llm.ToolContextLike;
    connOptions?: APIConnectOptions;
  }): llm.LLMStream {
    return new ClaudeStream(this, this.#client, this.#opts, { chatCtx, toolCtx, connOptions });
  }
}

class ClaudeStream extends llm.LLMStream {
  readonly #client: Anthropic;
  readonly #opts: ClaudeLLMOptions;

  constructor(
    owner: ClaudeLLM,
    client: Anthropic,
    opts: ClaudeLLMOptions,
    init: { chatCtx: llm.ChatContext; toolCtx?: llm.ToolContextLike; connOptions: APIConnectOptions },
  ) {
    super(owner, init);
    this.#client = client;
    this.#opts = opts;
  }

  protected async run(): Promise<void> {
    const id = shortuuid("claude_");
    const { system, messages } = toClaudeRequest(this.chatCtx);
    try {
      const stream = await this.#client.messages.create(
        {
          model: this.#opts.model,
          max_tokens: this.#opts.maxTokens ?? 300,
          system: system || undefined,
          messages,
          stream: true,
        },
        { signal: this.abortController.signal, timeout: this.connOptions.timeoutMs },
      );
      let input = 0;
      let output = 0;
      for await (const event of stream) {
        if (event.type === "message_start") input = event.message.usage.input_tokens;
        if (event.type === "message_delta") output = event.usage.output_tokens;
        if (event.type === "content_block_delta" && event.delta.type === "text_delta") {
          this.queue.put({ id, delta: { role: "assistant", content: event.delta.text } });
        }
      }
      this.queue.put({ id, usage: { promptTokens: input, completionTokens: output, totalTokens: input + output, promptCachedTokens: 0 } });
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
    return new APIStatusError({ message: err.message, options: { statusCode: err.status, retryable: err.status === 429 || err.status >= 500 } });
  }
  return err instanceof Error ? err : new Error(String(err));
}
