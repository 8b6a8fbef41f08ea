"use server";

import { revalidatePath } from "next/cache";

import { userAction } from "@/lib/actions";
import {
  activeOrganizationSchema,
  assignmentParams,
  commentRule,
  createAssignmentFormSchema,
  reviewFields,
  updateAssignmentFormSchema,
} from "@/lib/validations/assignment";
import { uuid } from "@/lib/validations/common";

import { TIER_NAMES } from "./assignment-status";
import { createAssignment, deleteAssignment, updateAssignment } from "./assignments";
import { chooseOrganization } from "./membership";
import { reviewGrade } from "./reviews";

/** The grade page's review form: a blank score keeps the automatic one. */
function readReviewForm(fd: FormData): unknown {
  const score = String(fd.get("score") ?? "").trim();
  return {
    conversation_id: fd.get("conversation_id"),
    score: score ? Number(score) : null,
    comment: fd.get("comment") ?? "",
  };
}

/** The same rules and service as PUT /api/organization/grades/{id}/review; the grade page shows the new note. */
export const reviewGradeAction = userAction(
  reviewFields.extend({ conversation_id: uuid("conversation_id") }).superRefine(commentRule),
  async ({ conversation_id, ...review }, user) => {
    await reviewGrade(user, conversation_id, review);
    revalidatePath(`/grade/${conversation_id}`);
    return { success: "Review saved" };
  },
  { role: "reviewer", read: readReviewForm, errorsBy: "field", fallback: "Could not save the review" },
);

/** The assignment form: the browser sends the due time as ISO (it knows the instructor's time zone). */
function readAssignmentForm(fd: FormData): unknown {
  const number = (key: string) => {
    const v = String(fd.get(key) ?? "").trim();
    return v ? Number(v) : undefined;
  };
  return {
    assignment_id: fd.get("assignment_id") ?? undefined,
    schema_id: fd.get("schema_id") ?? "",
    group_ids: fd.getAll("group_ids"),
    due_at: fd.get("due_at") ?? "",
    pass_mark: number("pass_mark"),
    min_attempts: number("min_attempts"),
    ...readLimits(fd),
  };
}

/**
 * Tiers and the maximum: blank clears them (null), on edit as on create. The tier inputs are read
 * lowest first; a blank below a filled one stays as a gap (null) so the form can say to fill from Bronze up.
 */
function readLimits(fd: FormData) {
  const values = TIER_NAMES.map((name) => String(fd.get(`tier_${name.toLowerCase()}`) ?? "").trim());
  while (values.length && values[values.length - 1] === "") values.pop();
  const max = String(fd.get("max_attempts") ?? "").trim();
  return {
    tiers: values.map((v) => (v ? Number(v) : null)),
    max_attempts: max ? Number(max) : null,
    counts: fd.get("counts") ?? undefined,
  };
}

/** The same rules and services as POST and PUT /api/organization/assignments; the page shows the change. */
export const createAssignmentAction = userAction(
  createAssignmentFormSchema,
  async (input, user) => {
    const { id } = await createAssignment(user, input);
    revalidatePath("/organization");
    return { success: id };
  },
  { role: "admin", read: readAssignmentForm, fallback: "Could not save the assignment" },
);

export const updateAssignmentAction = userAction(
  updateAssignmentFormSchema,
  async ({ assignment_id, ...changes }, user) => {
    await updateAssignment(user, assignment_id, changes);
    revalidatePath("/organization");
    return { success: assignment_id };
  },
  { role: "admin", read: readAssignmentForm, fallback: "Could not save the assignment" },
);

/** The assignment's Delete button: the same service as DELETE /api/organization/assignments/{id}. */
export const deleteAssignmentAction = userAction(
  assignmentParams,
  async ({ id }, user) => {
    const { message } = await deleteAssignment(user, id);
    revalidatePath("/organization");
    return { success: message };
  },
  { role: "admin", fallback: "Could not delete the assignment" },
);

/** The organisation switcher: the same service as PUT /api/protected/active-organization; every page follows. */
export const chooseOrganizationAction = userAction(
  activeOrganizationSchema,
  async ({ organization_id }, user) => {
    const active = await chooseOrganization(user, organization_id);
    revalidatePath("/", "layout");
    return { success: active.organization_name };
  },
  { role: "user", fallback: "Could not switch organization" },
);
