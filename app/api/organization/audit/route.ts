import { parse, withUser } from "@/lib/api/handler";
import { listAudit } from "@/lib/data/audit";
import { auditQuerySchema } from "@/lib/validations/data-rights";

export const GET = withUser(
  async ({ req, caller }) =>
    listAudit(caller.user, parse(auditQuerySchema, Object.fromEntries(req.nextUrl.searchParams))),
  { role: "admin" },
);
