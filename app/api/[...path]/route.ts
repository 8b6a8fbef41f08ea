import { withPublic } from "@/lib/api/handler";
import { notFound } from "@/lib/errors";

// Every /api path no route claims answers a JSON 404 (not Next.js's HTML page). This includes the
// old Auth.js endpoints under /api/nextauth: no route but POST /api/auth/signin checks a password,
// and none issues or extends a session.
const missing = withPublic(async () => {
  throw notFound("No API route at this path");
});

export const GET = missing;
export const POST = missing;
export const PUT = missing;
export const PATCH = missing;
export const DELETE = missing;
