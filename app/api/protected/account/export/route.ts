import { parse, withUser } from "@/lib/api/handler";
import { exportOwnData } from "@/lib/data/export";
import { exportFormatSchema } from "@/lib/validations/data-rights";

export const GET = withUser(
  async ({ req, caller }) =>
    exportOwnData(caller.user, parse(exportFormatSchema, Object.fromEntries(req.nextUrl.searchParams)).format),
  { role: "user" },
);
