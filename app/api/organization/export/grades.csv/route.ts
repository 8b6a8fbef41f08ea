import { parse, withUser } from "@/lib/api/handler";
import { exportGrades } from "@/lib/organizations/export";
import { exportQuerySchema } from "@/lib/validations/assignment";

export const GET = withUser(
  async ({ req, caller }) =>
    exportGrades(caller.user, parse(exportQuerySchema, Object.fromEntries(req.nextUrl.searchParams))),
  { role: "admin" },
);
