import type { Persona } from "@/lib/validations/persona";

export type AgentTurnPayload = {
  speaker: "learner" | "persona";
  text: string;
  started_at: string;
  ended_at: string;
  external_id?: string;
};

export type AgentConversation = {
  conversation_id: string;
  status: "active" | "ended";
  schema_name: string;
  persona: Persona;
  turns: { speaker: "learner" | "persona"; text: string }[];
};

/** The agent's side of /api/agent: authenticated with the shared AGENT_SECRET. */
export class AppClient {
  constructor(
    private readonly baseUrl: string,
    private readonly secret: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private async request<T>(path: string, init: { method: string; body?: unknown }): Promise<T> {
    const res = await this.fetchImpl(new URL(path, this.baseUrl), {
      method: init.method,
      headers: { authorization: `Bearer ${this.secret}`, ...(init.body ? { "content-type": "application/json" } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    const data = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`${init.method} ${path} answered ${res.status}: ${JSON.stringify(data)}`);
    return data as T;
  }

  conversation(id: string) {
    return this.request<AgentConversation>(`/api/agent/conversations/${id}`, { method: "GET" });
  }

  postTurn(id: string, turn: AgentTurnPayload) {
    return this.request<{ stored: boolean }>(`/api/agent/conversations/${id}/turns`, { method: "POST", body: turn });
  }

  end(id: string) {
    return this.request<{ status: string }>(`/api/agent/conversations/${id}/end`, { method: "POST" });
  }
}
