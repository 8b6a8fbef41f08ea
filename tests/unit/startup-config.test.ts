import { afterEach, describe, expect, it } from "vitest";

import { AUTH_SECRET_MIN_LENGTH, authSecret, configProblems, startupConfigCheck } from "@/lib/env";

const strong = "q8Vt2mZk4LrX9nWc6HbP1sYd7JfA3gEu5TiO0pKy"; // 40 random characters

describe("configProblems: what stops a production server at start", () => {
  const cases: { name: string; env: Record<string, string>; problems: RegExp[] }[] = [
    { name: "a strong secret and defaults are fine", env: { AUTH_SECRET: strong }, problems: [] },
    { name: "no AUTH_SECRET", env: {}, problems: [/^AUTH_SECRET is not set/] },
    { name: "an empty AUTH_SECRET", env: { AUTH_SECRET: "   " }, problems: [/^AUTH_SECRET is not set/] },
    {
      name: "a short AUTH_SECRET",
      env: { AUTH_SECRET: strong.slice(0, AUTH_SECRET_MIN_LENGTH - 1) },
      problems: [/^AUTH_SECRET is shorter than 32 characters/],
    },
    {
      name: "a placeholder copied from a tutorial",
      env: { AUTH_SECRET: "Your-Secret-Key-At-Least-32-Characters-Long" },
      problems: [/^AUTH_SECRET is a published placeholder/],
    },
    {
      name: "one short piece repeated",
      env: { AUTH_SECRET: "changeme".repeat(5) },
      problems: [/^AUTH_SECRET is one short piece repeated/],
    },
    {
      name: "every problem at once, secret and other variables",
      env: { AUTH_SECRET: "short", SESSION_TTL_HOURS: "a week", GRADING_MAX_ATTEMPTS: "0", COOKIE_SECURE: "yes" },
      problems: [/^AUTH_SECRET is shorter/, /^SESSION_TTL_HOURS: /, /^COOKIE_SECURE: /, /^GRADING_MAX_ATTEMPTS: /],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const problems = configProblems(c.env);
      expect(problems).toHaveLength(c.problems.length);
      c.problems.forEach((pattern, i) => expect(problems[i]).toMatch(pattern));
    });
  }

  it("never repeats a value it judges", () => {
    const env = { AUTH_SECRET: "hunter2-hunter2", SESSION_TTL_HOURS: "sekrit-ttl", COOKIE_SECURE: "sekrit-bool" };
    const text = configProblems(env).join("\n");
    for (const value of Object.values(env)) expect(text).not.toContain(value);
  });
});

describe("startupConfigCheck", () => {
  it("stops production with one message listing every problem", () => {
    const check = startupConfigCheck({ SESSION_TTL_HOURS: "x" }, true);
    expect(check.ok).toBe(false);
    expect(check.message).toContain("Parley will not start: 2 configuration problems.");
    expect(check.message).toMatch(/- AUTH_SECRET is not set[^\n]*\n {2}- SESSION_TTL_HOURS: /);
  });

  it("lets production start quietly when all is well", () => {
    expect(startupConfigCheck({ AUTH_SECRET: strong }, true)).toEqual({ ok: true, message: null });
  });

  it("only warns in development, and says a missing secret is replaced for the run", () => {
    const check = startupConfigCheck({}, false);
    expect(check.ok).toBe(true);
    expect(check.message).toContain("A production server would refuse to start");
    expect(check.message).toContain("random AUTH_SECRET for this run");
  });
});

describe("authSecret outside production", () => {
  const saved = process.env.AUTH_SECRET;
  afterEach(() => {
    process.env.AUTH_SECRET = saved;
  });

  it("uses a random secret for the run when none is set, the same on every call", () => {
    delete process.env.AUTH_SECRET;
    const first = authSecret();
    expect(first.length).toBeGreaterThanOrEqual(AUTH_SECRET_MIN_LENGTH);
    expect(authSecret()).toBe(first);
    expect(configProblems({ AUTH_SECRET: first })).toEqual([]);
  });
});
