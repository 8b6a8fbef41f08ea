import { and, asc, eq } from "drizzle-orm";
import { compactVerify, createLocalJWKSet, jwtVerify, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { POST as rotate } from "@/app/api/dev/lti/keys/rotate/route";
import { GET as getJwks } from "@/app/api/lti/jwks/route";
import { GET as listCoursesRoute } from "@/app/api/organization/lti/courses/route";
import { POST as syncRosterRoute } from "@/app/api/organization/lti/courses/sync-roster/route";
import { POST as retryRoute } from "@/app/api/organization/lti/scores/retry/route";
import { GET as listScoresRoute } from "@/app/api/organization/lti/scores/route";
import { getDb } from "@/db";
import { enqueueGrade } from "@/db/queries/grading-queue";
import { claimScoreSend } from "@/db/queries/lti-services";
import {
  auditLog,
  conversationTurns,
  gradeReviews,
  grades,
  groupMembers,
  ltiContexts,
  ltiResourceLinks,
  ltiScoreSends,
  ltiToolKeys,
  ltiUserLinks,
  memberships,
  users,
} from "@/db/schema";
import { drainGrades } from "@/lib/grading/worker";
import { publicJwks, RETIRED_KEY_GRACE_MS, rotateToolKey, signingKey } from "@/lib/lti/keys";
import { nextPage, syncRoster } from "@/lib/lti/nrps";
import { drainLtiOutbox, scoreRetryDelayMs, settleLtiOutbox, stopLtiOutbox } from "@/lib/lti/outbox";
import { queueScoreForLms } from "@/lib/lti/outcomes";
import { accessToken, clientAssertion, SCOPES } from "@/lib/lti/token";

import { makeCourse, startPlatformServices, startToolJwks } from "../fixtures/lti-services";
import { call } from "../helpers/api";
import { addMember, createUser } from "../helpers/factories";
import { makeConversation, makeRoleplay } from "./matrix/world";

async function signWith(key: Awaited<ReturnType<typeof signingKey>>) {
  return new SignJWT({ hello: "platform" })
    .setProtectedHeader({ alg: "RS256", kid: key.kid })
    .setIssuedAt()
    .sign(key.key);
}

describe("tool keys", () => {
  it("makes one RS256 key on first use, stores its private part encrypted and publishes only the public part", async () => {
    const first = await signingKey();
    expect(await signingKey()).toMatchObject({ kid: first.kid });
    const db = await getDb();
    const rows = await db.select().from(ltiToolKeys);
    expect(rows).toHaveLength(1);
    expect(rows[0].private_jwk_encrypted).toMatch(/^v1\./);
    expect(rows[0].private_jwk_encrypted).not.toContain('"d"');
    const res = await call(getJwks);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.json.keys).toHaveLength(1);
    expect(res.json.keys[0]).toEqual(expect.objectContaining({ kid: first.kid, kty: "RSA", alg: "RS256", use: "sig" }));
    for (const key of res.json.keys) expect(Object.keys(key)).not.toEqual(expect.arrayContaining(["d"]));
    const jwks = createLocalJWKSet(res.json);
    await expect(compactVerify(await signWith(first), jwks)).resolves.toBeTruthy();
  });

  it("rotates: signs with the new key, keeps the old one published for the grace period, then drops it", async () => {
    const old = await signingKey();
    const dev = await createUser({ isDev: true });
    const res = await call(rotate, { method: "POST", token: dev.token });
    expect(res.status).toBe(200);
    expect(res.json.retired).toEqual([old.kid]);
    const next = await signingKey();
    expect(next.kid).toBe(res.json.kid);
    expect(next.kid).not.toBe(old.kid);
    const jwks = createLocalJWKSet(await publicJwks());
    await expect(compactVerify(await signWith(old), jwks)).resolves.toBeTruthy();
    await expect(compactVerify(await signWith(next), jwks)).resolves.toBeTruthy();

    const later = new Date(Date.now() + RETIRED_KEY_GRACE_MS + 60_000);
    expect((await publicJwks(later)).keys.map((k) => k.kid)).toEqual([next.kid]);

    const db = await getDb();
    const audits = await db.select().from(auditLog);
    expect(audits).toContainEqual(
      expect.objectContaining({ action: "lti.tool_key.rotated", actor_id: dev.id, target_id: next.kid }),
    );
  });

  it("lets only developers rotate", async () => {
    const member = await createUser();
    const before = (await signingKey()).kid;
    expect((await call(rotate, { method: "POST", token: member.token })).status).toBe(403);
    expect((await call(rotate, { method: "POST" })).status).toBe(401);
    expect((await signingKey()).kid).toBe(before);
  });

  it("drops keys retired longer ago than the grace period at the next rotation", async () => {
    const db = await getDb();
    await db.update(ltiToolKeys).set({ retired_at: new Date(Date.now() - RETIRED_KEY_GRACE_MS - 1000) });
    await rotateToolKey(null);
    const rows = await db.select().from(ltiToolKeys);
    expect(rows).toHaveLength(1);
  });
});

/* ---- token exchange, line items, the outbox ---- */

let jwks: Awaited<ReturnType<typeof startToolJwks>>;
let lms: Awaited<ReturnType<typeof startPlatformServices>>;

beforeAll(async () => {
  process.env.LTI_SCORE_RETRY_DELAY_MS = "40";
  process.env.LTI_HTTP_TIMEOUT_MS = "2000";
  process.env.LTI_OUTBOX_SWEEP_MS = "600000";
  jwks = await startToolJwks();
  lms = await startPlatformServices({ pageSize: 2 });
});

afterAll(async () => {
  await settleLtiOutbox();
  await lms?.close();
  await jwks?.close();
});

async function course(opts: Parameters<typeof makeCourse>[1] = {}) {
  const c = await makeCourse(lms.url, opts);
  lms.addClient(c.clientId, jwks.url);
  return c;
}

/** Queues a call's score as the grading worker does: in a transaction of its own. */
async function queue(conversationId: string) {
  const db = await getDb();
  return db.transaction((tx) => queueScoreForLms(tx, conversationId));
}

async function sends(linkId: string) {
  const db = await getDb();
  return db
    .select()
    .from(ltiScoreSends)
    .where(eq(ltiScoreSends.resource_link_id, linkId))
    .orderBy(asc(ltiScoreSends.score_version));
}

const scoresFor = (sub: string) => lms.state.scores.filter((s) => s.userId === sub);

describe("OAuth2 client credentials", () => {
  it("exchanges a client assertion signed with the tool key for a token, and reuses it until shortly before expiry", async () => {
    const c = await course();
    const before = lms.state.tokenRequests.length;
    const token = await accessToken(c.platform, [SCOPES.score]);
    expect(token).toEqual(expect.any(String));
    expect(await accessToken(c.platform, [SCOPES.score])).toBe(token);
    expect(lms.state.tokenRequests.slice(before)).toEqual([
      { clientId: c.clientId, scopes: [SCOPES.score], outcome: "issued" },
    ]);
    // Another set of scopes is another token.
    expect(await accessToken(c.platform, [SCOPES.memberships])).not.toBe(token);
  });

  it("puts iss = sub = client id, aud = the token URL, a jti, an expiry and the key id in the assertion", async () => {
    const c = await course();
    const jwt = await clientAssertion(c.platform);
    const { payload, protectedHeader } = await jwtVerify(jwt, createLocalJWKSet(await publicJwks()), {
      audience: c.platform.auth_token_url,
    });
    expect(payload).toMatchObject({ iss: c.clientId, sub: c.clientId, aud: c.platform.auth_token_url });
    expect(payload.jti).toEqual(expect.any(String));
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(300);
    expect(protectedHeader).toMatchObject({ alg: "RS256", kid: (await signingKey()).kid });
  });

  it("is refused when the audience is not the platform's token URL, and after a rotation still verifies", async () => {
    const c = await course();
    const wrongAud = { ...c.platform, id: crypto.randomUUID(), auth_token_url: `${lms.url}/token?x=1` };
    const other = await startPlatformServices({
      clients: [{ clientId: c.clientId, toolJwksUrl: jwks.url }],
      tokenAudience: "https://elsewhere.example/token",
    });
    try {
      await expect(
        accessToken({ ...wrongAud, auth_token_url: `${other.url}/token` }, [SCOPES.score]),
      ).rejects.toMatchObject({
        status: 401,
        retryable: false,
      });
    } finally {
      await other.close();
    }
    await rotateToolKey(null);
    const fresh = { ...c.platform, id: crypto.randomUUID() };
    await expect(accessToken(fresh, [SCOPES.lineItem])).resolves.toEqual(expect.any(String));
  });

  it("asks for a new token once the platform's one is about to expire", async () => {
    const short = await startPlatformServices({ tokenLifetimeSeconds: 1 });
    try {
      const c = await makeCourse(short.url);
      short.addClient(c.clientId, jwks.url);
      const first = await accessToken(c.platform, [SCOPES.score]);
      await new Promise((r) => setTimeout(r, 600));
      expect(await accessToken(c.platform, [SCOPES.score])).not.toBe(first);
    } finally {
      await short.close();
    }
  });
});

describe("Assignment and Grade Services", () => {
  it("sends a graded call's score to a line item it creates once per link, in the AGS score format", async () => {
    const c = await course();
    const call = await c.call(82);
    expect(await queue(call.id)).toBe(1);
    await drainLtiOutbox();
    const [item] = [...lms.state.lineItems.values()].filter((i) => i.contextId === c.contextId);
    expect(item).toMatchObject({
      label: "Matrix persona",
      scoreMaximum: 100,
      resourceId: c.link.id,
      tag: "parley",
      resourceLinkId: c.link.resource_link_id,
    });
    const [row] = await sends(c.link.id);
    expect(row).toMatchObject({ status: "sent", attempts: 1, score_version: 1, last_error: null });
    expect(scoresFor(c.learner.sub)).toEqual([
      expect.objectContaining({
        lineItemId: item.id,
        userId: c.learner.sub,
        scoreGiven: 82,
        scoreMaximum: 100,
        activityProgress: "Completed",
        gradingProgress: "FullyGraded",
        timestamp: row.score_timestamp.toISOString(),
      }),
    ]);
    const db = await getDb();
    const [link] = await db.select().from(ltiResourceLinks).where(eq(ltiResourceLinks.id, c.link.id));
    expect(link.line_item_url).toBe(item.id);

    // A better call: the same line item, a second version.
    await queue((await c.call(91)).id);
    await drainLtiOutbox();
    expect([...lms.state.lineItems.values()].filter((i) => i.contextId === c.contextId)).toHaveLength(1);
    expect(scoresFor(c.learner.sub).map((s) => s.scoreGiven)).toEqual([82, 91]);
  });

  it("uses the line item the LMS made from deep linking (found by resourceId) instead of making one", async () => {
    const c = await course();
    const made = await accessToken(c.platform, [SCOPES.lineItem]);
    const res = await fetch(`${lms.url}/contexts/${c.contextId}/lineitems`, {
      method: "POST",
      headers: { authorization: `Bearer ${made}`, "content-type": "application/vnd.ims.lis.v2.lineitem+json" },
      body: JSON.stringify({ label: "From deep linking", scoreMaximum: 100, resourceId: c.link.id, tag: "parley" }),
    });
    const item = (await res.json()) as { id: string };
    await queue((await c.call(70)).id);
    await drainLtiOutbox();
    expect([...lms.state.lineItems.values()].filter((i) => i.contextId === c.contextId)).toHaveLength(1);
    expect(scoresFor(c.learner.sub)).toEqual([expect.objectContaining({ lineItemId: item.id, scoreGiven: 70 })]);
  });

  it("makes a new line item when the LMS deleted the one it had (the score follows on the retry)", async () => {
    const c = await course();
    await queue((await c.call(61)).id);
    await drainLtiOutbox();
    const [first] = [...lms.state.lineItems.values()].filter((i) => i.contextId === c.contextId);
    lms.state.lineItems.delete(first.id); // an instructor removed the gradebook column
    await queue((await c.call(79)).id);
    await waitFor(async () => (await sends(c.link.id)).every((r) => r.status === "sent"));
    const [second] = [...lms.state.lineItems.values()].filter((i) => i.contextId === c.contextId);
    expect(second.id).not.toBe(first.id);
    expect(scoresFor(c.learner.sub).map((s) => [s.lineItemId, s.scoreGiven])).toEqual([
      [first.id, 61],
      [second.id, 79],
    ]);
  });

  it("keeps the best attempt (or the latest, as the assignment says) and queues nothing when the result is unchanged", async () => {
    const best = await course({ counts: "best" });
    await queue((await best.call(80)).id);
    expect(await queue((await best.call(60)).id)).toBe(0);
    const latest = await course({ counts: "latest", maxAttempts: 2 });
    await queue((await latest.call(80)).id);
    await drainLtiOutbox();
    expect(await queue((await latest.call(60)).id)).toBe(1);
    // A third attempt is past max_attempts: it does not count.
    expect(await queue((await latest.call(95)).id)).toBe(0);
    await drainLtiOutbox();
    expect(scoresFor(best.learner.sub).map((s) => s.scoreGiven)).toEqual([80]);
    expect(scoresFor(latest.learner.sub).map((s) => s.scoreGiven)).toEqual([80, 60]);
  });

  it("sends the reviewed score and the instructor's comment when a review changes the result", async () => {
    const c = await course();
    const call = await c.call(64);
    await queue(call.id);
    await drainLtiOutbox();
    const db = await getDb();
    await db
      .insert(gradeReviews)
      .values({ conversation_id: call.id, reviewer_id: c.admin.id, score: 75, comment: "Good discovery questions." });
    await queue(call.id);
    await drainLtiOutbox();
    expect(scoresFor(c.learner.sub)).toEqual([
      expect.objectContaining({ scoreGiven: 64 }),
      expect.objectContaining({ scoreGiven: 75, comment: "Good discovery questions." }),
    ]);
    expect((await sends(c.link.id)).map((r) => [r.score_version, r.status])).toEqual([
      [1, "sent"],
      [2, "sent"],
    ]);
  });

  it("queues nothing for a call that is not in an LMS course (no LTI identity, another roleplay, not in the course group)", async () => {
    const c = await course();
    const outsider = await createUser();
    await addMember({ userId: outsider.id, orgId: c.org.id, role: "member" });
    const notLinked = await makeConversation(outsider.id, c.org.id, c.roleplay.id, { ended: true, graded: true });
    expect(await queue(notLinked.id)).toBe(0);
    const otherRoleplay = await makeRoleplay(c.org.id);
    expect(
      await queue((await makeConversation(c.learner.id, c.org.id, otherRoleplay.id, { ended: true, graded: true })).id),
    ).toBe(0);
    const db = await getDb();
    await db
      .delete(groupMembers)
      .where(and(eq(groupMembers.group_id, c.group.id), eq(groupMembers.user_id, c.learner.id)));
    expect(await queue((await c.call(90)).id)).toBe(0);
  });
});

describe("the outbox", () => {
  it("retries a refused send with exponential backoff and jitter, then sends it once", async () => {
    const c = await course();
    await queue((await c.call(77)).id);
    lms.state.scoreFaults.push({ status: 503 }, { status: 502 });
    await drainLtiOutbox();
    let [row] = await sends(c.link.id);
    expect(row).toMatchObject({ status: "pending", last_error: expect.stringMatching(/answered 50[23]/) });
    expect(row.next_attempt_at.getTime()).toBeGreaterThan(row.created_at.getTime());
    await waitFor(async () => (await sends(c.link.id))[0].status === "sent");
    [row] = await sends(c.link.id);
    expect(row.attempts).toBe(3);
    expect(scoresFor(c.learner.sub)).toHaveLength(1);
  });

  it("doubles the delay each attempt, with jitter, up to a ceiling", () => {
    process.env.LTI_SCORE_RETRY_DELAY_MS = "1000";
    try {
      expect([1, 2, 3].map((a) => scoreRetryDelayMs(a, 0))).toEqual([500, 1000, 2000]);
      expect([1, 2, 3].map((a) => scoreRetryDelayMs(a, 1))).toEqual([1000, 2000, 4000]);
      expect(scoreRetryDelayMs(40, 1)).toBe(6 * 3600_000);
    } finally {
      process.env.LTI_SCORE_RETRY_DELAY_MS = "40";
    }
  });

  it("honours Retry-After", async () => {
    const c = await course();
    await queue((await c.call(77)).id);
    lms.state.scoreFaults.push({ status: 429, retryAfterSeconds: 30 });
    const before = Date.now();
    await drainLtiOutbox();
    const [row] = await sends(c.link.id);
    expect(row.next_attempt_at.getTime() - before).toBeGreaterThanOrEqual(29_000);
  });

  it("gives up after LTI_SCORE_MAX_ATTEMPTS, or at once when the platform refuses the score itself, keeping the error", async () => {
    process.env.LTI_SCORE_MAX_ATTEMPTS = "2";
    try {
      const c = await course();
      await queue((await c.call(77)).id);
      lms.state.scoreFaults.push({ status: 500 }, { status: 500 });
      await waitFor(async () => (await sends(c.link.id))[0].status === "failed");
      expect((await sends(c.link.id))[0]).toMatchObject({ attempts: 2, last_error: expect.stringContaining("500") });

      const d = await course();
      await queue((await d.call(77)).id);
      lms.state.scoreFaults.push({ status: 400 });
      await drainLtiOutbox();
      expect((await sends(d.link.id))[0]).toMatchObject({
        status: "failed",
        attempts: 1,
        last_error: expect.stringContaining("400"),
      });
    } finally {
      delete process.env.LTI_SCORE_MAX_ATTEMPTS;
    }
  });

  it("leases a row: a second sender cannot take it until the lease runs out", async () => {
    const c = await course();
    await queue((await c.call(66)).id);
    // Only this test claims: the kicks queueing schedules (300 ms and 3 s later) would take the row once its
    // lease is reset, and did on a loaded machine (the claim below then found nothing).
    stopLtiOutbox();
    const db = await getDb();
    const first = await claimScoreSend(db, 60_000);
    expect(first?.resource_link_id).toBe(c.link.id);
    expect(await claimScoreSend(db, 60_000)).toBeNull();
    await db
      .update(ltiScoreSends)
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where(eq(ltiScoreSends.id, first!.id));
    expect((await claimScoreSend(db, 60_000))?.id).toBe(first!.id);
  });

  it("sends versions in order: a newer pending version replaces an older one, and never overtakes one in flight", async () => {
    const c = await course({ counts: "latest" });
    // Only this test sends: the kicks queueing schedules are cancelled right after each commit.
    const queueQuietly = async (id: string) => {
      await queue(id);
      stopLtiOutbox();
    };
    await queueQuietly((await c.call(50)).id);
    await queueQuietly((await c.call(60)).id);
    const db = await getDb();
    // v1 is in flight (leased by another sender): v2 waits for it.
    const [v1] = await sends(c.link.id);
    await db
      .update(ltiScoreSends)
      .set({ locked_until: new Date(Date.now() + 60_000) })
      .where(eq(ltiScoreSends.id, v1.id));
    expect(await claimScoreSend(db, 60_000)).toBeNull();
    // The other sender died: once its lease runs out, v1 is superseded and only v2 goes.
    await db
      .update(ltiScoreSends)
      .set({ locked_until: new Date(Date.now() - 1) })
      .where(eq(ltiScoreSends.id, v1.id));
    await queueQuietly((await c.call(70)).id);
    await drainLtiOutbox();
    expect(scoresFor(c.learner.sub).map((s) => s.scoreGiven)).toEqual([70]);
    const rows = await sends(c.link.id);
    expect(rows.map((r) => [r.score_version, r.status, r.sent_at === null])).toEqual([
      [1, "sent", true],
      [2, "sent", true],
      [3, "sent", false],
    ]);
    expect(rows[0].last_error).toMatch(/superseded/);
    const stamps = rows.map((r) => r.score_timestamp.getTime());
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    expect(new Set(stamps).size).toBe(3);
  });
});

describe("Names and Role Provisioning", () => {
  const LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner";
  const INSTRUCTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor";

  it("adds the roster's learners to the course group (new accounts without a password), page by page", async () => {
    const c = await course();
    lms.setRoster(c.contextId, [
      { user_id: c.learner.sub, roles: [LEARNER], name: "Lee Learner" },
      { user_id: "new-1", roles: [LEARNER], name: "Nia New", email: "nia@uni.example" },
      {
        user_id: "new-2",
        roles: [`http://purl.imsglobal.org/vocab/lis/v2/membership/Learner#GuestLearner`],
        given_name: "Gus",
        family_name: "Guest",
      },
      { user_id: "teacher", roles: [INSTRUCTOR], name: "Tess Teacher" },
      { user_id: "gone-before", roles: [LEARNER], status: "Inactive" },
    ]);
    const calls = lms.state.serviceCalls.length;
    expect(await syncRoster(c.context.id)).toEqual({ status: "synced", members: 5, learners: 3, added: 2, removed: 0 });
    // Page size 2: three pages, each with the NRPS scope.
    expect(lms.state.serviceCalls.slice(calls).filter((x) => x.path.endsWith("/memberships"))).toHaveLength(3);

    const db = await getDb();
    const group = await db
      .select({ sub: ltiUserLinks.sub, name: users.name, email: users.email, password_hash: users.password_hash })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.user_id))
      .innerJoin(ltiUserLinks, eq(ltiUserLinks.user_id, users.id))
      .where(eq(groupMembers.group_id, c.group.id))
      .orderBy(asc(ltiUserLinks.sub));
    expect(group).toEqual([
      { sub: "new-1", name: "Nia New", email: "nia@uni.example", password_hash: null },
      { sub: "new-2", name: "Gus Guest", email: expect.stringMatching(/@lms\.parley\.invalid$/), password_hash: null },
      { sub: c.learner.sub, name: "Lee Learner", email: c.learner.email, password_hash: expect.any(String) },
    ]);
    const members = await db.select().from(memberships).where(eq(memberships.organization_id, c.org.id));
    expect(members).toHaveLength(4); // the instructor and three learners; the LMS teacher waits for their own launch
    const [context] = await db.select().from(ltiContexts).where(eq(ltiContexts.id, c.context.id));
    expect(context.roster_synced_at).not.toBeNull();
  });

  it("takes dropped learners out of the group (they lose the course) and keeps their calls, grades and scores", async () => {
    const c = await course();
    const stays = await c.addLearner();
    const leaves = await c.addLearner();
    const deleted = await c.addLearner();
    const call = await c.call(81, leaves);
    await queue(call.id);
    await drainLtiOutbox();
    const rosterOf = (status: "Inactive" | "Deleted") => [
      { user_id: c.learner.sub, roles: [LEARNER] },
      { user_id: stays.sub, roles: [LEARNER] },
      { user_id: deleted.sub, roles: [LEARNER], status: "Deleted" as const },
      ...(status === "Inactive" ? [{ user_id: leaves.sub, roles: [LEARNER], status }] : []),
    ];
    lms.setRoster(c.contextId, rosterOf("Inactive"));
    expect(await syncRoster(c.context.id, c.admin.id)).toMatchObject({ status: "synced", added: 0, removed: 2 });
    const db = await getDb();
    const inGroup = await db
      .select({ id: groupMembers.user_id })
      .from(groupMembers)
      .where(eq(groupMembers.group_id, c.group.id));
    expect(inGroup.map((r) => r.id).sort()).toEqual([c.learner.id, stays.id].sort());
    // Kept: the account, the membership (the admin still sees their history), the call, its grade, its score.
    expect(
      await db
        .select()
        .from(memberships)
        .where(and(eq(memberships.user_id, leaves.id), eq(memberships.organization_id, c.org.id))),
    ).toHaveLength(1);
    expect(await db.select().from(grades).where(eq(grades.conversation_id, call.id))).toEqual([
      expect.objectContaining({ status: "graded", score: 81 }),
    ]);
    expect(scoresFor(leaves.sub)).toHaveLength(1);
    // No longer in the course: a new call of theirs goes to no gradebook.
    expect(await queue((await c.call(95, leaves)).id)).toBe(0);
    expect(await db.select().from(auditLog).where(eq(auditLog.action, "lti.roster.synced"))).toContainEqual(
      expect.objectContaining({ organization_id: c.org.id, actor_id: c.admin.id, target_id: c.context.id }),
    );

    // Absent from the roster altogether is dropped too; an empty roster (a platform fault) removes nobody.
    lms.setRoster(c.contextId, [{ user_id: c.learner.sub, roles: [LEARNER] }]);
    expect(await syncRoster(c.context.id)).toMatchObject({ removed: 1 });
    lms.setRoster(c.contextId, []);
    expect(await syncRoster(c.context.id)).toMatchObject({ members: 0, removed: 0 });
  });

  it("skips a course without a roster service, and refuses a Link to another host", async () => {
    const c = await course();
    const db = await getDb();
    await db.update(ltiContexts).set({ nrps_url: null }).where(eq(ltiContexts.id, c.context.id));
    expect(await syncRoster(c.context.id)).toMatchObject({ status: "skipped" });
    expect(nextPage('<https://lms.example/m?page=2>; rel="next"', "https://lms.example/m")).toBe(
      "https://lms.example/m?page=2",
    );
    expect(nextPage('<https://evil.example/m?page=2>; rel="next"', "https://lms.example/m")).toBeNull();
    expect(nextPage('<https://lms.example/m?page=1>; rel="prev"', "https://lms.example/m")).toBeNull();
  });
});

describe("the admin's course tools and organisation isolation", () => {
  it("lets an admin sync a roster, see failed scores and retry them, only in their own organisation", async () => {
    const a = await course();
    const b = await course();
    lms.setRoster(a.contextId, [
      { user_id: a.learner.sub, roles: ["Learner"] },
      { user_id: "x-1", roles: ["Learner"] },
    ]);
    const sync = (who: { token: string }, id: string) =>
      call(syncRosterRoute, { method: "POST", token: who.token, body: { course_id: id } });
    expect((await sync(b.admin, a.context.id)).status).toBe(404);
    expect((await sync(a.learner, a.context.id)).status).toBe(403);
    const ok = await sync(a.admin, a.context.id);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ status: "synced", added: 1 });
    expect((await sync(a.admin, "not-a-uuid")).status).toBe(422);

    const courses = await call(listCoursesRoute, { token: a.admin.token });
    expect(courses.json).toEqual([
      expect.objectContaining({ id: a.context.id, title: "Sales 101", learners: 2, has_roster: true }),
    ]);

    // A score the platform refuses, for good: the admin sees it failed, with why, and puts it back.
    await queue((await a.call(58)).id);
    lms.state.scoreFaults.push({ status: 422 });
    await drainLtiOutbox();
    const failed = await call(listScoresRoute, { token: a.admin.token, query: { status: "failed" } });
    expect(failed.json).toEqual([
      expect.objectContaining({
        status: "failed",
        learner: "Lee Learner",
        course: "Sales 101",
        score_given: 58,
        last_error: expect.stringContaining("422"),
      }),
    ]);
    expect((await call(listScoresRoute, { token: b.admin.token, query: { status: "failed" } })).json).toEqual([]);
    expect(
      (await call(retryRoute, { method: "POST", token: b.admin.token, body: { course_id: a.context.id } })).status,
    ).toBe(404);
    expect((await call(retryRoute, { method: "POST", token: b.admin.token, body: {} })).json).toEqual({ requeued: 0 });
    const retried = await call(retryRoute, { method: "POST", token: a.admin.token, body: { course_id: a.context.id } });
    expect(retried.json).toEqual({ requeued: 1 });
    await waitFor(async () => (await sends(a.link.id))[0].status === "sent");
    expect(scoresFor(a.learner.sub).map((s) => s.scoreGiven)).toEqual([58]);
  });

  it("never sends a call of one organisation to another organisation's LMS", async () => {
    const a = await course();
    const b = await course();
    const db = await getDb();
    // One person learns in both organisations, from each one's LMS, in each one's course.
    const shared = await b.addLearner("shared-in-b");
    await db.insert(memberships).values({ user_id: shared.id, organization_id: a.org.id, role: "member" });
    await db.insert(groupMembers).values({ group_id: a.group.id, user_id: shared.id });
    await db.insert(ltiUserLinks).values({ platform_id: a.platform.id, sub: "shared-in-a", user_id: shared.id });
    const linksOf = async (conversationId: string) =>
      (await db.select().from(ltiScoreSends).where(eq(ltiScoreSends.conversation_id, conversationId))).map((r) => [
        r.resource_link_id,
        r.lti_sub,
      ]);
    // A call in B, even at A's roleplay, counts for no link of A.
    const inBAtA = await makeConversation(shared.id, b.org.id, a.roleplay.id, { ended: true, graded: true });
    expect(await queue(inBAtA.id)).toBe(0);
    const inB = await b.call(73, shared);
    expect(await queue(inB.id)).toBe(1);
    expect(await linksOf(inB.id)).toEqual([[b.link.id, "shared-in-b"]]);
    const inA = await a.call(64, shared);
    expect(await queue(inA.id)).toBe(1);
    expect(await linksOf(inA.id)).toEqual([[a.link.id, "shared-in-a"]]);
    await drainLtiOutbox();
    // Each to its own LMS client (sent side by side, so in either order).
    const received = lms.state.scores.filter((s) => s.userId.startsWith("shared-"));
    expect(received).toHaveLength(2);
    expect(received).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ clientId: b.clientId, userId: "shared-in-b", scoreGiven: 73 }),
        expect.objectContaining({ clientId: a.clientId, userId: "shared-in-a", scoreGiven: 64 }),
      ]),
    );
  });
});

// Enough of a discovery call for a real grade (40 words and more from the learner).
const DISCOVERY = [
  "Thanks for making time today. Before I say anything about us, could you walk me through how approvals work on your side right now?",
  "Every purchase over five thousand needs three sign-offs, and it takes about two weeks.",
  "Two weeks is long. What does that delay cost you when a supplier is waiting, and who feels it most on your team?",
  "Our buyers lose discounts, maybe forty thousand a year, and the team is frustrated.",
  "If approvals took two days instead, what would that change for your buyers and for your targets this year?",
  "We would keep the discounts and hit our savings target.",
];

describe("a grade's trip to the LMS", () => {
  it("goes from the grading worker's save to the platform's gradebook without waiting for a sweep", async () => {
    delete process.env.ANTHROPIC_API_KEY; // the rubric grader: the trip, not the model, is measured
    const c = await course();
    const db = await getDb();
    const trips: number[] = [];
    for (let i = 0; i < 6; i++) {
      // A learner of their own each time: their first score always travels (an unchanged result would not).
      const conversation = await c.call(undefined, i === 0 ? c.learner : await c.addLearner()); // ended, not graded
      await db.insert(conversationTurns).values(
        DISCOVERY.map((text, k) => ({
          conversation_id: conversation.id,
          seq: 2 + k,
          speaker: k % 2 === 0 ? ("learner" as const) : ("persona" as const),
          text,
        })),
      );
      await enqueueGrade(db, conversation.id);
      await drainGrades();
      const [grade] = await db.select().from(grades).where(eq(grades.conversation_id, conversation.id));
      expect(grade.status).toBe("graded");
      const until = Date.now() + 10_000;
      const row = (await sends(c.link.id)).find((r) => r.conversation_id === conversation.id);
      expect(row).toBeDefined();
      while (!lms.state.scores.some((s) => s.timestamp === row!.score_timestamp.toISOString())) {
        if (Date.now() > until) throw new Error(`score ${i} never arrived`);
        await new Promise((r) => setTimeout(r, 2));
      }
      const arrived = lms.state.scores.find((s) => s.timestamp === row!.score_timestamp.toISOString())!;
      trips.push(arrived.receivedAt - grade.graded_at!.getTime());
    }
    console.log(
      `[measure] grade saved -> score recorded at the LMS stand-in: ${trips.map((t) => `${t} ms`).join(", ")}`,
    );
    expect(Math.max(...trips)).toBeLessThan(5_000);
  }, 180_000);
});

async function waitFor(check: () => Promise<boolean>, ms = 10_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out waiting");
    await drainLtiOutbox();
    await new Promise((r) => setTimeout(r, 30));
  }
}
