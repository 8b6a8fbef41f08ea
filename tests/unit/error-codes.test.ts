import { describe, expect, it } from "vitest";

import { apiErrorOf } from "@/lib/client/api";
import { AppError, ERROR_CODE_HEADER, ERROR_TYPES, errorResponse, notFound, unauthorized } from "@/lib/errors";

import { linesMatching, readSource, sourceFiles } from "../helpers/source-files";

const statusType = (status: number) =>
  Object.entries(ERROR_TYPES).find(([, entry]) => entry.status === status)?.[0] ?? `no type for ${status}`;

/** Every code the source names: thrown (`new AppError("type:surface"`), compared, or in an ErrorCode map. */
function codesInSource(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles()) {
    const text = readSource(file);
    const add = (code: string) => found.set(code, file);
    for (const m of text.matchAll(/new AppError\(\s*"([^"]+)"/g)) add(m[1]);
    // The older form with a status: its type is the table's entry with that status.
    for (const m of text.matchAll(/new AppError\(\s*(\d+),/g)) add(`${statusType(Number(m[1]))}:api`);
    // Other codes are compared too (SQLSTATE "23505", jose's): an AppError code has its colon.
    for (const m of text.matchAll(/\.code\s*[!=]==\s*"(\w+:[^"]*)"/g)) add(m[1]);
    for (const map of text.matchAll(/Record<[^>]*,\s*ErrorCode>\s*=\s*\{([^}]*)\}/g))
      for (const m of map[1].matchAll(/:\s*"([^"]+)"/g)) add(m[1]);
  }
  return found;
}

describe("error codes", () => {
  it("every type in the table has an error status and a message", () => {
    for (const [type, { status, message }] of Object.entries(ERROR_TYPES)) {
      expect(status, type).toBeGreaterThanOrEqual(400);
      expect(status, type).toBeLessThan(600);
      expect(message.trim(), type).not.toBe("");
    }
  });

  it("every code the source throws or compares has its type in the table", () => {
    const codes = codesInSource();
    expect(codes.get("ended:conversation")).toBeDefined(); // the scan finds codes at all
    const missing = [...codes]
      .filter(([code]) => !/^[a-z_]+:[a-z_]+$/.test(code) || !(code.split(":")[0] in ERROR_TYPES))
      .map(([code, file]) => `${code} (${file})`);
    expect(missing).toEqual([]);
  });

  it("derives the code of the older form from its status", () => {
    expect(new AppError(404, "Course not found").code).toBe("not_found:api");
    expect(new AppError(409, "Busy").code).toBe("conflict:api");
    expect(() => new AppError(418, "Teapot")).toThrow(/ERROR_TYPES/);
  });

  it("takes the status and default message from the table", () => {
    const err = new AppError("payment_required:credits");
    expect([err.status, err.message, err.code]).toEqual([402, "No credits left", "payment_required:credits"]);
    expect(new AppError("ended:conversation", "This conversation has ended").status).toBe(409);
  });

  it("gives the helpers' errors a code: the surface they name, or api", () => {
    expect(notFound("Conversation not found", "conversation").code).toBe("not_found:conversation");
    expect(notFound().code).toBe("not_found:api");
    expect(unauthorized().code).toBe("unauthorized:api");
  });

  it("sends the code in a header and keeps the body the spec's {detail}", async () => {
    const res = errorResponse(new AppError("rate_limited:signin", "Too many", { "Retry-After": "60" }));
    expect(res.headers.get(ERROR_CODE_HEADER)).toBe("rate_limited:signin");
    expect(res.headers.get("retry-after")).toBe("60");
    expect(await res.json()).toEqual({ detail: "Too many" });
  });

  it("reaches the client: an ended call is told apart from another 409 by its code", async () => {
    const answer = async (err: AppError) => {
      const res = errorResponse(err);
      return apiErrorOf(res, await res.json());
    };
    const ended = await answer(new AppError("ended:conversation", "This conversation has ended"));
    expect([ended.status, ended.code, ended.message]).toEqual([
      409,
      "ended:conversation",
      "This conversation has ended",
    ]);
    expect((await answer(new AppError("conflict:conversation", "This conversation has ended"))).code).not.toBe(
      "ended:conversation",
    );
  });
});

// Comparing an error's text makes a reworded message change behaviour: code branches on codes.
// These lines read text that has no code: another party's messages, or a rule of the spec.
const TEXT_READS_ALLOWED: [file: string, line: string, why: string][] = [
  [
    "app/(app)/dashboard/error.tsx",
    'message.includes("Server Components render")',
    "Next.js's production text for a failed server render carries no code",
  ],
  ["lib/ai/tool-errors.ts", "/tool/i.test(message)", "model servers say they cannot take tools only in a 400's text"],
  [
    "lib/client/api.ts",
    'message.includes("401") || message.includes("Token")',
    "the spec's 401/Token rule: a message containing '401' or 'Token' means sign in again",
  ],
  ["lib/errors.ts", "/i.test(message)", "database drivers name some lost connections only in their message"],
  ["agent/config.ts", "!i.message.includes(String(i.path[0]))", "formats a zod issue: names the variable once"],
];

const COMPARES_TEXT = new RegExp(
  [
    String.raw`\.message\s*[!=]==?`,
    String.raw`\b(message|detail|reason)\??\.(includes|startsWith|endsWith|match|search|indexOf)\(`,
    String.raw`\.test\(\s*[\w.?]*(message|detail|reason)\s*\)`,
    String.raw`\.(detail|reason)\s*[!=]==?\s*["'\x60][^"'\x60]*\s`,
  ].join("|"),
);

describe("no code compares an error's message text", () => {
  it("catches the comparisons codes replaced, and not a comparison of codes", () => {
    expect(COMPARES_TEXT.test("err.status === 409 && /has ended/.test(err.message)")).toBe(true);
    expect(COMPARES_TEXT.test('card.cap?.reason.startsWith("too little")')).toBe(true);
    expect(COMPARES_TEXT.test('if (err.message === "Not found") return null;')).toBe(true);
    expect(COMPARES_TEXT.test('err.code === "ended:conversation"')).toBe(false);
    expect(COMPARES_TEXT.test('state.reason === "off"')).toBe(false);
  });

  it("finds none but the allowed lines", () => {
    const allowed = (hit: string) =>
      TEXT_READS_ALLOWED.some(([file, line]) => hit.startsWith(`${file}:`) && hit.includes(line));
    expect(linesMatching(COMPARES_TEXT).filter((hit) => !allowed(hit))).toEqual([]);
  });
});
