/**
 * The `?next=` target after sign-in, only when it is a path on this site: one leading slash, no
 * second slash or backslash right after it (`//evil.example`, `/\evil.example` are other hosts to
 * a browser), no scheme, no control characters or backslashes anywhere, and it must still resolve
 * to the same origin. Anything else is null (the caller falls back to /dashboard).
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2048) return null;
  if (!raw.startsWith("/") || raw.startsWith("//")) return null;
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  const base = "https://parley.invalid";
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  if (url.pathname.startsWith("/auth") || url.pathname.startsWith("/api/")) return null;
  return url.pathname + url.search + url.hash;
}
