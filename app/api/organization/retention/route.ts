import { body, withUser } from "@/lib/api/handler";
import { getRetention, setRetention } from "@/lib/data/retention";
import { retentionSchema } from "@/lib/validations/data-rights";

export const GET = withUser(async ({ caller }) => getRetention(caller.user), { role: "admin" });

export const PUT = withUser(async ({ req, caller }) => setRetention(caller.user, await body(req, retentionSchema)), {
  role: "admin",
});
