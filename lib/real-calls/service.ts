import "server-only";

import { getDb } from "@/db";
import { findStartableRoleplay } from "@/db/queries/conversations";
import { findMembership } from "@/db/queries/memberships";
import {
  findOrganizationMember,
  insertRealCall,
  type RealCallTurn,
  selectOrganizationLearners,
} from "@/db/queries/real-calls";
import { holds } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/service";
import { env } from "@/lib/env";
import { AppError, type ErrorCode, notFound } from "@/lib/errors";
import { kickGrader } from "@/lib/grading/queue";
import { getActiveMembership } from "@/lib/organizations/membership";
import { listVisibleRoleplays } from "@/lib/roleplays/service";
import type { RealCallCreateInput, RealCallPreviewInput } from "@/lib/validations/real-calls";

import { type ParsedTranscript, type ParseErrorCode, parseTranscript, TranscriptParseError } from "./parse";

const CODE: Record<ParseErrorCode, ErrorCode> = {
  empty: "bad_request:transcript",
  too_large: "too_large:transcript",
  binary: "unsupported_media:transcript",
  unknown_format: "invalid:transcript",
  no_turns: "invalid:transcript",
  too_long: "invalid:transcript",
};

/** The transcript read, or the reason it cannot be, as a 4xx. */
function readTranscript(content: string, filename?: string): ParsedTranscript {
  try {
    return parseTranscript(content, filename);
  } catch (err) {
    if (err instanceof TranscriptParseError) throw new AppError(CODE[err.code], err.message);
    throw err;
  }
}

/** Step 1: the speakers found, each with a sample line, so the uploader can say who the learner is. Stores nothing. */
export function previewRealCall(input: RealCallPreviewInput) {
  const parsed = readTranscript(input.content, input.filename);
  return {
    format: parsed.format,
    turns: parsed.turns.length,
    duration_seconds: parsed.duration_seconds,
    speakers: parsed.speakers,
  };
}

/**
 * Whose call it is: the caller's own, or, for an admin of the roleplay's organisation, a member of it.
 * Anyone else named is the same 404 as an unknown id.
 */
async function learnerFor(user: SessionUser, organizationId: string, learnerId?: string) {
  const db = await getDb();
  if (!learnerId || learnerId.toLowerCase() === user.id) return user.id;
  const own = await findMembership(db, { userId: user.id, organizationId });
  if (!holds(user, "reviewer", own?.role ?? null)) throw notFound("Learner not found", "learner");
  const learner = await findOrganizationMember(db, { organizationId, userId: learnerId.toLowerCase() });
  // Admins are not learners: an admin's call is uploaded by that admin.
  if (learner?.role !== "member") throw notFound("Learner not found", "learner");
  return learner.id;
}

/** Turns as the grader reads them: the learner's label is the learner, every other speaker the buyer's side. */
function gradedTurns(parsed: ParsedTranscript, learnerLabel: string, endedAt: Date) {
  const label = parsed.speakers.find((s) => s.label.toLowerCase() === learnerLabel.trim().toLowerCase())?.label;
  const silent = parsed.silent.find((s) => s.toLowerCase() === learnerLabel.trim().toLowerCase());
  if (!label && silent)
    throw new AppError(
      "invalid:transcript",
      `"${silent}" says nothing in this call: there are no learner turns to grade.`,
    );
  if (!label) {
    const found = parsed.speakers.map((s) => `"${s.label}"`).join(", ");
    throw new AppError("invalid:transcript", `Speaker "${learnerLabel}" is not in this transcript (found ${found}).`);
  }
  if (parsed.speakers.length < 2) {
    throw new AppError(
      "invalid:transcript",
      "The transcript has only one speaker: grading needs the other side of the call too.",
    );
  }
  const others = parsed.speakers.filter((s) => s.label !== label).map((s) => s.label);
  const duration = parsed.duration_seconds ?? 0;
  const startedAt = new Date(endedAt.getTime() - duration * 1000);
  const at = (seconds: number | null) => (seconds === null ? endedAt : new Date(startedAt.getTime() + seconds * 1000));
  const turns: RealCallTurn[] = parsed.turns.map((t) => ({
    speaker: t.speaker === label ? "learner" : "persona",
    text: t.text,
    source: t.start === null ? "text" : "voice",
    startedAt: at(t.start),
    endedAt: at(t.end),
  }));
  if (!turns.some((t) => t.speaker === "learner"))
    throw new AppError("invalid:transcript", `"${label}" says nothing in this call.`);
  return { label, others, turns, startedAt };
}

/**
 * Step 2: stores the call as an ended conversation of the learner (source 'real_call', no credit spent)
 * with a pending grade, in one transaction, and wakes the grader: the same pipeline as a practice call.
 */
export async function createRealCall(user: SessionUser, input: RealCallCreateInput) {
  const parsed = readTranscript(input.content, input.filename);
  const db = await getDb();
  const roleplay = await findStartableRoleplay(db, { user, roleplayId: input.roleplay_id.toLowerCase() });
  if (!roleplay) throw notFound("Roleplay not found", "roleplay");
  const learnerId = await learnerFor(user, roleplay.organization_id, input.learner_id);
  const endedAt = new Date();
  const { label, others, turns, startedAt } = gradedTurns(parsed, input.learner_label, endedAt);
  // The scorecard's persona card, named after the people on the other side of this call.
  const persona = { ...roleplay.persona, name: others.join(" & ").slice(0, 120) || roleplay.persona.name };
  const conversation = await db.transaction((tx) =>
    insertRealCall(tx, {
      userId: learnerId,
      uploadedBy: user.id,
      organizationId: roleplay.organization_id,
      roleplayId: roleplay.id,
      roleplayName: roleplay.name,
      persona,
      scenario: roleplay.scenario,
      scorecard: roleplay.scorecard,
      learnerLabel: label,
      startedAt,
      endedAt,
      turns,
    }),
  );
  kickGrader();
  return {
    conversation_id: conversation.id,
    source: "real_call" as const,
    status: "pending" as const,
    learner_label: label,
    user_id: learnerId,
  };
}

/** What the upload page offers: roleplays the caller can see, and for an admin their organisation's learners. */
export async function uploadChoices(user: SessionUser) {
  const [roleplays, membership] = await Promise.all([listVisibleRoleplays(user), getActiveMembership(user.id)]);
  const learners =
    membership && holds(user, "reviewer", membership.role)
      ? await selectOrganizationLearners(await getDb(), membership.organizationId)
      : null;
  return {
    roleplays: roleplays.filter((r) => r.is_active).map((r) => ({ id: r.id, name: r.name })),
    learners,
    audio: Boolean(env().STT_BASE_URL),
  };
}
