import "server-only";

import type { Executor } from "@/db";
import { getDb } from "@/db";
import { deleteComment, findTurnId, insertComment, selectComments, updateCommentBody } from "@/db/queries/coaching";
import { findConversation } from "@/db/queries/conversations";
import type { SessionUser } from "@/lib/auth/service";
import { notFound } from "@/lib/errors";
import type { CreateCommentInput, UpdateCommentInput } from "@/lib/validations/coaching";

/** An instructor's comment on one turn, as the grade page, the API and the learner's export show it. */
export type TurnCommentView = {
  id: string;
  turn_seq: number;
  /** Seconds from the call's start to the turn, for spoken turns; null for typed ones. */
  offset_seconds: number | null;
  body: string;
  author: string | null;
  created_at: string;
  updated_at: string;
  seen_at: string | null;
};

/** Comments of a conversation the caller may already read (the grade page checks that first). */
export async function commentsOf(db: Executor, conversationId: string): Promise<TurnCommentView[]> {
  const rows = await selectComments(db, conversationId);
  return rows.map((r) => ({
    id: r.id,
    turn_seq: r.turn_seq,
    offset_seconds:
      r.turn_source === "voice"
        ? Math.max(0, Math.round((r.turn_started_at.getTime() - r.call_started_at.getTime()) / 1000))
        : null,
    body: r.body,
    author: r.author,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    seen_at: r.seen_at?.toISOString() ?? null,
  }));
}

/** The conversation, if the caller is an admin of its organisation; anyone else and unknown ids get one 404. */
async function commentableConversation(db: Executor, caller: SessionUser, conversationId: string) {
  const conversation = await findConversation(db, { conversationId, scope: { reviewerId: caller.id } });
  if (!conversation) throw notFound("Conversation not found", "conversation");
  return conversation;
}

export async function listComments(caller: SessionUser, conversationId: string) {
  const db = await getDb();
  const conversation = await commentableConversation(db, caller, conversationId);
  return { comments: await commentsOf(db, conversation.id) };
}

/** An admin comments on turn `turn_seq` of a conversation of their organisation. */
export async function addComment(caller: SessionUser, conversationId: string, input: CreateCommentInput) {
  const db = await getDb();
  const conversation = await commentableConversation(db, caller, conversationId);
  const turnId = await findTurnId(db, { conversationId: conversation.id, seq: input.turn_seq });
  if (!turnId) throw notFound("Turn not found", "turn");
  const id = await insertComment(db, {
    conversationId: conversation.id,
    turnId,
    authorId: caller.id,
    body: input.body,
  });
  const comment = (await commentsOf(db, conversation.id)).find((c) => c.id === id)!;
  return comment;
}

/** Any admin of the organisation may correct a comment; an edited comment is unread again. */
export async function editComment(
  caller: SessionUser,
  conversationId: string,
  commentId: string,
  input: UpdateCommentInput,
) {
  const db = await getDb();
  const conversation = await commentableConversation(db, caller, conversationId);
  const changed = await updateCommentBody(db, { conversationId: conversation.id, commentId, body: input.body });
  if (!changed) throw notFound("Comment not found", "comment");
  return (await commentsOf(db, conversation.id)).find((c) => c.id === commentId)!;
}

export async function removeComment(caller: SessionUser, conversationId: string, commentId: string) {
  const db = await getDb();
  const conversation = await commentableConversation(db, caller, conversationId);
  if (!(await deleteComment(db, { conversationId: conversation.id, commentId })))
    throw notFound("Comment not found", "comment");
  return { deleted: true };
}
