import "server-only";

import { getDb } from "@/db";
import { recordAudit } from "@/db/queries/audit";
import { findActiveMembership } from "@/db/queries/memberships";
import { selectAccountData, selectConversationData } from "@/db/queries/personal-data";
import type { SessionUser } from "@/lib/auth/service";
import { OVERALL } from "@/lib/coaching/review-score";
import { toCsv } from "@/lib/dev/csv";
import { notFound } from "@/lib/errors";

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

function groupBy<T extends { conversation_id: string }>(rows: T[]) {
  const out = new Map<string, Omit<T, "conversation_id">[]>();
  for (const { conversation_id, ...rest } of rows)
    out.set(conversation_id, [...(out.get(conversation_id) ?? []), rest]);
  return out;
}

/**
 * Everything Parley holds about the signed-in person, as one document: the account, memberships,
 * sign-in links, sessions (times only), credits, and every call with its transcript, grade, review,
 * comments and criterion reviews. Others appear by display name only; no hash, token or id of theirs.
 */
async function collectOwnData(userId: string) {
  const db = await getDb();
  const [own, data] = await Promise.all([selectAccountData(db, userId), selectConversationData(db, userId)]);
  if (!own) throw notFound("Account not found", "account");
  const { account } = own;
  const turns = groupBy(data.turns);
  const reviews = groupBy(data.reviews);
  const comments = groupBy(data.comments);
  const criteria = groupBy(data.criterionReviews);
  return {
    exported_at: new Date().toISOString(),
    account: {
      id: account.id,
      email: account.email,
      name: account.name,
      developer: account.developer,
      created_at: iso(account.created_at),
      first_signed_in_at: iso(account.first_signed_in_at),
      active_organization: account.active_organization,
    },
    credits:
      account.credits_total === null
        ? null
        : {
            total: account.credits_total,
            used: account.credits_used,
            remaining: account.credits_total - (account.credits_used ?? 0),
          },
    memberships: own.memberOf.map((m) => ({ ...m, joined_at: iso(m.joined_at) })),
    sessions: own.signIns.map((s) => ({
      created_at: iso(s.created_at),
      expires_at: iso(s.expires_at),
      revoked_at: iso(s.revoked_at),
    })),
    single_sign_on: own.identities.map((i) => ({
      ...i,
      linked_at: iso(i.linked_at),
      last_signed_in_at: iso(i.last_signed_in_at),
    })),
    lms_links: own.lms.map((l) => ({ ...l, linked_at: iso(l.linked_at) })),
    waitlist: own.waitlist.map((w) => ({ ...w, created_at: iso(w.created_at) })),
    conversations: data.calls.map((c) => ({
      id: c.id,
      organization: c.organization,
      roleplay: c.roleplay,
      persona: c.persona,
      mode: c.mode,
      source: c.source,
      status: c.status,
      started_at: iso(c.started_at),
      ended_at: iso(c.ended_at),
      transcript_deleted_at: iso(c.transcript_purged_at),
      transcript: (turns.get(c.id) ?? []).map((t) => ({ ...t, started_at: iso(t.started_at) })),
      grade: c.grade_status
        ? {
            status: c.grade_status,
            state: c.grade_state,
            score: c.score,
            grader: c.grader,
            graded_at: iso(c.graded_at),
            feedback: c.feedback,
            scorecard: c.scorecard,
          }
        : null,
      review: (reviews.get(c.id) ?? []).map((r) => ({ ...r, reviewed_at: iso(r.reviewed_at) }))[0] ?? null,
      turn_comments: (comments.get(c.id) ?? []).map((t) => ({ ...t, created_at: iso(t.created_at) })),
      criterion_reviews: (criteria.get(c.id) ?? []).map((r) => ({ ...r, created_at: iso(r.created_at) })),
    })),
  };
}

type OwnData = Awaited<ReturnType<typeof collectOwnData>>;

const CSV_HEADER = [
  "record",
  "organization",
  "conversation_id",
  "roleplay",
  "at",
  "seq",
  "speaker",
  "score",
  "by",
  "text",
];

/** One CSV for a spreadsheet: a row per fact, its kind in `record`; the JSON has the full grade. */
function ownDataCsv(data: OwnData): string {
  const rows: string[][] = [];
  const row = (r: Partial<Record<(typeof CSV_HEADER)[number], string | number | null | undefined>>) =>
    rows.push(CSV_HEADER.map((h) => (r[h] === null || r[h] === undefined ? "" : String(r[h]))));
  const a = data.account;
  row({ record: "account", at: a.created_at, text: `${a.name} <${a.email}>` });
  if (data.credits)
    row({
      record: "credits",
      score: data.credits.remaining,
      text: `${data.credits.used} of ${data.credits.total} used`,
    });
  for (const m of data.memberships)
    row({
      record: "membership",
      organization: m.organization,
      at: m.joined_at,
      text: `${m.role}${m.groups ? `; groups: ${m.groups}` : ""}`,
    });
  for (const i of data.single_sign_on)
    row({ record: "single_sign_on", at: i.linked_at, text: `${i.provider || i.kind}: ${i.email}` });
  for (const l of data.lms_links) row({ record: "lms_link", at: l.linked_at, text: l.platform || l.issuer });
  for (const c of data.conversations) {
    const base = { organization: c.organization, conversation_id: c.id, roleplay: c.roleplay };
    row({ ...base, record: "conversation", at: c.started_at, text: `${c.status}; ${c.mode}; ${c.source}` });
    if (c.transcript_deleted_at)
      row({
        ...base,
        record: "transcript_deleted",
        at: c.transcript_deleted_at,
        text: "Deleted under the organization's retention policy",
      });
    for (const t of c.transcript)
      row({ ...base, record: "turn", at: t.started_at, seq: t.seq, speaker: t.speaker, text: t.text });
    if (c.grade)
      row({
        ...base,
        record: "grade",
        at: c.grade.graded_at,
        score: c.grade.score,
        text: c.grade.feedback?.overall_feedback ?? c.grade.status,
      });
    if (c.review)
      row({
        ...base,
        record: "review",
        at: c.review.reviewed_at,
        score: c.review.score,
        by: c.review.reviewer,
        text: c.review.comment,
      });
    for (const t of c.turn_comments)
      row({ ...base, record: "turn_comment", at: t.created_at, seq: t.turn_seq, by: t.author, text: t.body });
    for (const r of c.criterion_reviews)
      row({
        ...base,
        record: "criterion_review",
        at: r.created_at,
        score: r.score,
        by: r.reviewer,
        text: `${r.criterion_id === OVERALL ? "whole grade" : r.criterion_id}: ${r.previous_score ?? "none"} -> ${r.score ?? "cleared"}. ${r.reason}`,
      });
  }
  return toCsv(CSV_HEADER, rows);
}

/** GET /api/protected/account/export: the caller's own data as a download; the export is audited. */
export async function exportOwnData(caller: SessionUser, format: "json" | "csv"): Promise<Response> {
  const data = await collectOwnData(caller.id);
  const db = await getDb();
  const active = await findActiveMembership(db, caller.id);
  await recordAudit(db, {
    organizationId: active?.organizationId ?? null,
    actorId: caller.id,
    action: "account.exported",
    targetType: "user",
    targetId: caller.id,
    details: { format, conversations: data.conversations.length },
  });
  const day = data.exported_at.slice(0, 10);
  const body = format === "csv" ? ownDataCsv(data) : JSON.stringify(data, null, 2);
  return new Response(body, {
    headers: {
      "content-type": format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="parley-my-data-${day}.${format}"`,
      "cache-control": "no-store",
    },
  });
}
