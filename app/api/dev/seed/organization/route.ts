import { body, withUser } from "@/lib/api/handler";
import { seedOrganization } from "@/lib/dev/seed";
import { seedRequestSchema } from "@/lib/validations/seed";

// Seeding hashes up to a thousand passwords.
export const maxDuration = 300;

export const POST = withUser(
  async ({ req }) => {
    const result = await seedOrganization(await body(req, seedRequestSchema));
    // The answer carries the only copy of the plain passwords: keep it out of every cache.
    return Response.json(result, { status: 201, headers: { "Cache-Control": "no-store" } });
  },
  { role: "developer" },
);
