"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";

import { userAction } from "@/lib/actions";
import {
  createCommentSchema,
  criterionOverrideSchema,
  criterionParams,
  updateCommentSchema,
} from "@/lib/validations/coaching";
import { uuid } from "@/lib/validations/common";

import { addComment, editComment, removeComment } from "./comments";
import { overrideCriterion } from "./criteria";

const conversationField = { conversation_id: uuid("conversation_id") };
const commentField = { comment_id: uuid("comment_id") };
const number = (v: FormDataEntryValue | null) => {
  const s = String(v ?? "").trim();
  return s === "" ? null : Number(s);
};

/** The grade page's comment form: the same rules and service as POST .../comments. */
export const addCommentAction = userAction(
  createCommentSchema.extend(conversationField),
  async ({ conversation_id, ...input }, user) => {
    await addComment(user, conversation_id, input);
    revalidatePath(`/grade/${conversation_id}`);
    return { success: "Comment added" };
  },
  {
    role: "reviewer",
    read: (fd) => ({
      conversation_id: fd.get("conversation_id"),
      turn_seq: number(fd.get("turn_seq")),
      body: fd.get("body") ?? "",
    }),
    fallback: "Could not save the comment",
  },
);

export const editCommentAction = userAction(
  updateCommentSchema.extend({ ...conversationField, ...commentField }),
  async ({ conversation_id, comment_id, ...input }, user) => {
    await editComment(user, conversation_id, comment_id, input);
    revalidatePath(`/grade/${conversation_id}`);
    return { success: "Comment saved" };
  },
  { role: "reviewer", fallback: "Could not save the comment" },
);

export const deleteCommentAction = userAction(
  z.object({ ...conversationField, ...commentField }),
  async ({ conversation_id, comment_id }, user) => {
    await removeComment(user, conversation_id, comment_id);
    revalidatePath(`/grade/${conversation_id}`);
    return { success: "Comment deleted" };
  },
  { role: "reviewer", fallback: "Could not delete the comment" },
);

/** Override one criterion (a blank score with "clear" restores the automatic value): PUT .../criteria/{id}. */
export const overrideCriterionAction = userAction(
  criterionOverrideSchema.extend({
    conversation_id: uuid("conversation_id"),
    criterion_id: criterionParams.shape.criterionId,
  }),
  async ({ conversation_id, criterion_id, ...input }, user) => {
    await overrideCriterion(user, conversation_id, criterion_id, input);
    revalidatePath(`/grade/${conversation_id}`);
    return { success: input.score === null ? "Override cleared" : "Criterion score saved" };
  },
  {
    role: "reviewer",
    read: (fd) => ({
      conversation_id: fd.get("conversation_id"),
      criterion_id: fd.get("criterion_id"),
      // A blank score on save is refused by the schema ("" is not a number); only Clear sends null.
      score: fd.get("intent") === "clear" ? null : (number(fd.get("score")) ?? ""),
      reason: fd.get("reason") ?? "",
    }),
    fallback: "Could not save the criterion score",
  },
);
