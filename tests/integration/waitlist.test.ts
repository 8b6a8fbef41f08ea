import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { POST as join } from "@/app/api/public/waitlist/route";
import { getDb } from "@/db";
import { waitlistEntries } from "@/db/schema";
import { resetAll } from "@/lib/rate-limit";

import { call } from "../helpers/api";

async function entriesFor(email: string) {
  const db = await getDb();
  return db
    .select()
    .from(waitlistEntries)
    .where(sql`lower(${waitlistEntries.email}) = lower(${email})`);
}

describe("POST /api/public/waitlist", () => {
  beforeEach(() => resetAll());

  it("adds an entry and answers with a message", async () => {
    const res = await call(join, {
      body: { email: "grace@example.com", name: "Grace", interests: ["sales", "other"], otherDetails: "Debating" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: "You're on the list! We'll be in touch." });
    const [entry] = await entriesFor("grace@example.com");
    expect(entry).toMatchObject({ name: "Grace", interests: ["sales", "other"], other_details: "Debating" });
  });

  it("trims text, stores blanks as null and drops details without 'other'", async () => {
    const res = await call(join, {
      body: { email: "  trim@example.com ", name: "   ", interests: ["legal", "legal"], otherDetails: "ignored" },
    });
    expect(res.status).toBe(200);
    const [entry] = await entriesFor("trim@example.com");
    expect(entry).toMatchObject({ email: "trim@example.com", name: null, interests: ["legal"], other_details: null });
  });

  it("accepts a bare email with null fields", async () => {
    const res = await call(join, {
      body: { email: "bare@example.com", name: null, interests: [], otherDetails: null },
    });
    expect(res.status).toBe(200);
    expect(await entriesFor("bare@example.com")).toHaveLength(1);
  });

  it("answers an unknown interest with 422 and a clear message", async () => {
    const res = await call(join, { body: { email: "x@example.com", interests: ["sales", "cooking"] } });
    expect(res.status).toBe(422);
    expect(res.json.detail[0].loc).toEqual(["body", "interests", 1]);
    expect(res.json.detail[0].msg).toMatch(/Unknown interest "cooking"/);
    expect(await entriesFor("x@example.com")).toHaveLength(0);
  });

  it("answers a blank email with 422 'Email is required'", async () => {
    const res = await call(join, { body: { email: "   ", interests: [] } });
    expect(res.status).toBe(422);
    expect(res.json.detail).toEqual([expect.objectContaining({ loc: ["body", "email"], msg: "Email is required" })]);
  });

  it("answers malformed JSON with 400", async () => {
    const res = await call(join, { body: "{not json" });
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe("Malformed JSON in request body");
  });

  it("updates the one entry when the same email comes back in another case", async () => {
    await call(join, { body: { email: "Repeat@Example.com", name: "First", interests: ["sales"] } });
    const again = await call(join, {
      body: { email: "repeat@EXAMPLE.COM", name: "Second", interests: ["other"], otherDetails: "Moot court" },
    });
    expect(again.status).toBe(200);
    expect(again.json.message).toBe("You're on the list! We'll be in touch.");
    const rows = await entriesFor("repeat@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Second", interests: ["other"], other_details: "Moot court" });
    expect(rows[0].updated_at.getTime()).toBeGreaterThanOrEqual(rows[0].created_at.getTime());
  });

  it("limits each address to 20 attempts per 10 minutes with 429 and Retry-After", async () => {
    const from = (ip: string) => ({ "x-forwarded-for": ip });
    for (let i = 0; i < 20; i++) {
      const res = await call(join, { body: { email: `burst${i}@example.com` }, headers: from("203.0.113.7") });
      expect(res.status).toBe(200);
    }
    const blocked = await call(join, { body: { email: "burst20@example.com" }, headers: from("203.0.113.7") });
    expect(blocked.status).toBe(429);
    expect(blocked.json.detail).toMatch(/Too many sign-up attempts/);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await entriesFor("burst20@example.com")).toHaveLength(0);
    const other = await call(join, { body: { email: "elsewhere@example.com" }, headers: from("198.51.100.2") });
    expect(other.status).toBe(200);
  });
});
