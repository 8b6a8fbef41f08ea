import { body, withUser } from "@/lib/api/handler";
import { overrideCriterion } from "@/lib/coaching/criteria";
import { criterionOverrideSchema, criterionParams } from "@/lib/validations/coaching";

export const PUT = withUser(
  async ({ req, params, caller }) =>
    overrideCriterion(caller.user, params.conversationId, params.criterionId, await body(req, criterionOverrideSchema)),
  { role: "reviewer", params: criterionParams },
);
