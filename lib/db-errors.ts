/** Walks an error and its causes (Drizzle wraps the driver's error in `cause`). */
function* chain(err: unknown) {
  for (let e = err, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) yield e;
}

/** True when PostgreSQL refused a write for a unique index (23505), however the driver wrapped it. */
export function isUniqueViolation(err: unknown): boolean {
  for (const e of chain(err)) if ((e as { code?: string }).code === "23505") return true;
  return false;
}

/**
 * A one-line description of an error that is safe to log: names, messages and SQLSTATE codes of the
 * error and its causes, the failed statement's text without its parameters, and no `detail`
 * (PostgreSQL puts the offending values there: `Key (email)=(...) already exists`). Drizzle's
 * "Failed query" message embeds the parameters (an email, a password hash), so it is rebuilt from
 * the query text alone.
 */
export function describeError(err: unknown): string {
  const parts: string[] = [];
  for (const e of chain(err)) {
    if (!(e instanceof Error) && typeof e !== "object") {
      parts.push(String(e));
      continue;
    }
    const { name, message, code, query } = e as { name?: string; message?: string; code?: string; query?: string };
    if (typeof query === "string") {
      parts.push(`${name ?? "Error"}: failed query: ${query.replace(/\s+/g, " ").slice(0, 500)}`);
    } else {
      parts.push(`${name ?? "Error"}${code ? ` [${code}]` : ""}: ${scrub(message ?? "")}`);
    }
  }
  return parts.join(" <- ");
}

// Belt and braces for messages that quote values anyway.
export function scrub(message: string): string {
  return message
    .replace(/\nparams:.*$/s, "")
    .replace(/\$argon2[^\s,"')]*/g, "[hash]")
    .replace(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, "[email]")
    .replace(/\beyJ[A-Za-z0-9_-]{10,}(\.[A-Za-z0-9_-]*)*/g, "[token]");
}

/** The one way the server logs an unexpected error: context plus describeError, never the raw object. */
export function logScrubbedError(context: string, err: unknown) {
  console.error(`[${context}] ${describeError(err)}`);
}
