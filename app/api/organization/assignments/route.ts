import { body, withUser } from "@/lib/api/handler";
import { createAssignment, listAssignments } from "@/lib/organizations/assignments";
import { createAssignmentSchema } from "@/lib/validations/assignment";

export const GET = withUser(async ({ caller }) => listAssignments(caller.user), { role: "admin" });

export const POST = withUser(
  async ({ req, caller }) =>
    Response.json(await createAssignment(caller.user, await body(req, createAssignmentSchema)), { status: 201 }),
  { role: "admin" },
);
