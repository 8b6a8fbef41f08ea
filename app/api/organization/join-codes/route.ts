import { body, withUser } from "@/lib/api/handler";
import { createJoinCode, listJoinCodes } from "@/lib/organizations/join-codes";
import { createJoinCodeSchema } from "@/lib/validations/join-code";

export const GET = withUser(async ({ caller }) => listJoinCodes(caller.user), { role: "admin" });

export const POST = withUser(
  async ({ req, caller }) =>
    Response.json(await createJoinCode(caller.user, await body(req, createJoinCodeSchema)), { status: 201 }),
  { role: "admin" },
);
