import "server-only";

import { and, asc, eq } from "drizzle-orm";

import type { Executor } from "@/db";
import { conversations, conversationTurns, grades, memberships, users } from "@/db/schema";
import type { Persona } from "@/lib/validations/persona";
import type { Scenario, Scorecard } from "@/lib/validations/scorecard";

/** A member of the organisation (by id), or null: whom an admin may upload a call for. */
export async function findOrganizationMember(db: Executor, input: { organizationId: string; userId: string }) {
  const [row] = await db
    .select({ id: users.id, name: users.name, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(and(eq(memberships.organization_id, input.organizationId), eq(memberships.user_id, input.userId)))
    .limit(1);
  return row ?? null;
}

/** The organisation's learners (members, not admins), by name: whom its admins may upload for. */
export async function selectOrganizationLearners(db: Executor, organizationId: string) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(and(eq(memberships.organization_id, organizationId), eq(memberships.role, "member")))
    .orderBy(asc(users.name), asc(users.email));
}

export type RealCallTurn = {
  speaker: "learner" | "persona";
  text: string;
  source: "voice" | "text";
  startedAt: Date;
  endedAt: Date;
};

/**
 * Stores an uploaded call as an ended conversation with its turns and a pending grade. Call inside
 * one transaction: either all of it is stored, or nothing.
 */
export async function insertRealCall(
  tx: Executor,
  input: {
    userId: string;
    uploadedBy: string;
    organizationId: string;
    roleplayId: string;
    roleplayName: string;
    persona: Persona;
    scenario: Scenario | null;
    scorecard: Scorecard | null;
    learnerLabel: string;
    startedAt: Date;
    endedAt: Date;
    turns: RealCallTurn[];
  },
) {
  const [row] = await tx
    .insert(conversations)
    .values({
      user_id: input.userId,
      organization_id: input.organizationId,
      schema_id: input.roleplayId,
      schema_name: input.roleplayName,
      persona: input.persona,
      scenario: input.scenario,
      scorecard: input.scorecard,
      mode: "local",
      status: "ended",
      source: "real_call",
      uploaded_by: input.uploadedBy,
      learner_label: input.learnerLabel,
      started_at: input.startedAt,
      ended_at: input.endedAt,
    })
    .returning();
  await tx.insert(conversationTurns).values(
    input.turns.map((t, i) => ({
      conversation_id: row.id,
      seq: i + 1,
      speaker: t.speaker,
      text: t.text,
      source: t.source,
      started_at: t.startedAt,
      ended_at: t.endedAt,
    })),
  );
  await tx.insert(grades).values({ conversation_id: row.id, status: "pending" });
  return row;
}
