import "server-only";

import { sql } from "drizzle-orm";

import type { Executor } from "@/db";
import type { Persona } from "@/lib/validations/persona";
import type { Scenario } from "@/lib/validations/scorecard";

import { rowsOf } from "./rows";

type HintSetting = {
  live_hints: boolean;
  /** An open assignment counts this call: one of its roleplay, for this learner, made before the call and not yet due. */
  assessed: boolean;
  scenario: Scenario | null;
  persona: Persona;
};

/** Whether a conversation shows live hints: its roleplay's setting, and whether an open assignment assesses it. */
export async function findHintSetting(db: Executor, conversationId: string): Promise<HintSetting | null> {
  const res = await db.execute(sql`
    select coalesce(s.live_hints, false) as live_hints, c.scenario, c.persona,
      exists (
        select 1 from assignments a
        join memberships m on m.organization_id = a.organization_id and m.user_id = c.user_id and m.role = 'member'
        where a.organization_id = c.organization_id and a.schema_id = c.schema_id
          and a.created_at <= c.started_at and a.due_at > now()
          and (not exists (select 1 from assignment_groups ag where ag.assignment_id = a.id)
               or exists (select 1 from assignment_groups ag join group_members gm on gm.group_id = ag.group_id
                          where ag.assignment_id = a.id and gm.user_id = c.user_id))
      ) as assessed
    from conversations c
    left join roleplay_schemas s on s.id = c.schema_id
    where c.id = ${conversationId}`);
  const [row] = rowsOf<HintSetting & { scenario: Scenario | string | null; persona: Persona | string }>(res);
  if (!row) return null;
  const json = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);
  return {
    live_hints: Boolean(row.live_hints),
    assessed: Boolean(row.assessed),
    scenario: json(row.scenario),
    persona: json(row.persona),
  };
}
