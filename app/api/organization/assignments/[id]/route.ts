import { body, withUser } from "@/lib/api/handler";
import { deleteAssignment, updateAssignment } from "@/lib/organizations/assignments";
import { assignmentParams, updateAssignmentSchema } from "@/lib/validations/assignment";

export const PUT = withUser(
  async ({ req, params, caller }) => updateAssignment(caller.user, params.id, await body(req, updateAssignmentSchema)),
  { role: "admin", params: assignmentParams },
);

export const DELETE = withUser(async ({ params, caller }) => deleteAssignment(caller.user, params.id), {
  role: "admin",
  params: assignmentParams,
});
