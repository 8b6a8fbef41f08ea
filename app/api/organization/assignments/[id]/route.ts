import { body, withUser } from "@/lib/api/handler";
import { deleteAssignment, updateAssignment } from "@/lib/organizations/assignments";
import { updateAssignmentSchema } from "@/lib/validations/assignment";

type Params = { id: string };

export const PUT = withUser<Params>(async ({ req, params, caller }) =>
  updateAssignment(caller.user, params.id, await body(req, updateAssignmentSchema)),
);

export const DELETE = withUser<Params>(async ({ params, caller }) => deleteAssignment(caller.user, params.id));
