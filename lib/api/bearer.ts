/** The token of an `Authorization: Bearer <token>` header, or null when there is none. */
export function bearerToken(req: Request): string | null {
  const token = req.headers
    .get("authorization")
    ?.match(/^Bearer\s+(.+)$/i)?.[1]
    ?.trim();
  return token || null;
}
