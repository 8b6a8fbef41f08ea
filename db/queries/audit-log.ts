import "server-only";

import { sql } from "drizzle-orm";

import type { Executor } from "@/db";

import { rowsOf } from "./rows";

type AuditRow = {
  id: string;
  action: string;
  created_at: Date | string;
  actor_id: string | null;
  actor_name: string | null;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  details: Record<string, unknown>;
};

/**
 * One page of an organisation's audit log, newest first, with the actor's display name and a label for
 * the target (a person's name, or a call's roleplay and learner) while the target still exists.
 * `action` matches a whole action or a family ("grade" matches "grade.reviewed").
 */
export async function selectAuditPage(
  db: Executor,
  input: { organizationId: string; limit: number; offset: number; action?: string; actorId?: string },
) {
  const action = input.action
    ? sql`and (a.action = ${input.action} or a.action like ${`${input.action.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`})`
    : sql``;
  const actor = input.actorId ? sql`and a.actor_id = ${input.actorId}` : sql``;
  const where = sql`where a.organization_id = ${input.organizationId} ${action} ${actor}`;
  const [page, total] = await Promise.all([
    db.execute(sql`
      select a.id, a.action, a.created_at, a.actor_id, a.target_type, a.target_id, a.details,
        coalesce(nullif(actor.name, ''), actor.email) as actor_name,
        case
          when a.target_type = 'user' then (select coalesce(nullif(u.name, ''), u.email) from users u where u.id::text = a.target_id)
          when a.target_type = 'conversation' then (
            select c.schema_name || ' by ' || coalesce(nullif(u.name, ''), u.email) from conversations c
            join users u on u.id = c.user_id where c.id::text = a.target_id)
          when a.target_type = 'organization' then (select o.name from organizations o where o.id::text = a.target_id)
          else null
        end as target_label
      from audit_log a
      left join users actor on actor.id = a.actor_id
      ${where}
      order by a.created_at desc, a.id desc
      limit ${input.limit} offset ${input.offset}`),
    db.execute(sql`select count(*)::int as n from audit_log a ${where}`),
  ]);
  return { rows: rowsOf<AuditRow>(page), total: rowsOf<{ n: number }>(total)[0]?.n ?? 0 };
}

/** The people who appear as actors in the organisation's log, for the filter. */
export async function selectAuditActors(db: Executor, organizationId: string) {
  const res = await db.execute(sql`
    select distinct u.id, coalesce(nullif(u.name, ''), u.email) as name
    from audit_log a join users u on u.id = a.actor_id
    where a.organization_id = ${organizationId}
    order by name`);
  return rowsOf<{ id: string; name: string }>(res);
}

/** The action names used in the organisation's log, for the filter. */
export async function selectAuditActions(db: Executor, organizationId: string) {
  const res = await db.execute(sql`
    select distinct action from audit_log where organization_id = ${organizationId} order by action`);
  return rowsOf<{ action: string }>(res).map((r) => r.action);
}
