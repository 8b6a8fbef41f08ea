"use client";

import { MessageSquare, Pencil, Trash2 } from "lucide-react";
import { useActionState, useEffect, useId, useState } from "react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldMessage } from "@/components/ui/field-message";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { addCommentAction, deleteCommentAction, editCommentAction } from "@/lib/coaching/actions";
import type { TurnCommentView } from "@/lib/coaching/comments";
import { MAX_COMMENT_CHARS } from "@/lib/validations/coaching";

type Props = {
  conversationId: string;
  turnSeq: number;
  /** "turn 3" or "turn 3 at 02:14": what the form's label says it comments on. */
  turnLabel: string;
  comments: TurnCommentView[];
  canComment: boolean;
};

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/** An instructor's comments on one line of the transcript, in place; admins add, edit and delete them. */
export function TurnComments({ conversationId, turnSeq, turnLabel, comments, canComment }: Props) {
  const [adding, setAdding] = useState(false);
  if (!comments.length && !canComment) return null;
  return (
    <div className="grid gap-2">
      {comments.length > 0 && (
        <ul className="grid gap-2" aria-label={`Instructor comments on ${turnLabel}`}>
          {comments.map((c) => (
            <CommentItem key={c.id} conversationId={conversationId} comment={c} canEdit={canComment} />
          ))}
        </ul>
      )}
      {canComment &&
        (adding ? (
          <CommentForm
            conversationId={conversationId}
            turnSeq={turnSeq}
            label={`Comment on ${turnLabel}`}
            onDone={() => setAdding(false)}
          />
        ) : (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="justify-self-start"
            onClick={() => setAdding(true)}
            aria-label={`Comment on ${turnLabel}`}
          >
            <MessageSquare aria-hidden className="size-4" /> Comment
          </Button>
        ))}
    </div>
  );
}

function CommentItem({
  conversationId,
  comment,
  canEdit,
}: {
  conversationId: string;
  comment: TurnCommentView;
  canEdit: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [deleteState, deleteAction, deleting] = useActionState(deleteCommentAction, {});
  if (editing) {
    return (
      <li>
        <CommentForm
          conversationId={conversationId}
          comment={comment}
          label="Edit comment"
          onDone={() => setEditing(false)}
        />
      </li>
    );
  }
  const edited = comment.updated_at !== comment.created_at;
  return (
    <li
      className="grid gap-1 rounded-md border-l-4 border-amber-500 bg-amber-50 p-2 text-sm text-amber-950"
      data-testid="turn-comment"
    >
      <p className="flex flex-wrap items-center gap-x-2 text-xs font-medium">
        <MessageSquare aria-hidden className="size-3.5" />
        <span>{comment.author ?? "Instructor"}</span>
        <time dateTime={comment.created_at} suppressHydrationWarning className="font-normal text-amber-900/80">
          {when(comment.created_at)}
          {edited ? " (edited)" : ""}
        </time>
      </p>
      <p className="leading-relaxed break-words whitespace-pre-wrap">{comment.body}</p>
      {canEdit && (
        <div className="flex flex-wrap gap-1">
          <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden className="size-3.5" /> Edit
          </Button>
          <form action={deleteAction}>
            <input type="hidden" name="conversation_id" value={conversationId} />
            <input type="hidden" name="comment_id" value={comment.id} />
            <Button type="submit" variant="ghost" size="sm" disabled={deleting}>
              <Trash2 aria-hidden className="size-3.5" /> {deleting ? "Deleting..." : "Delete"}
            </Button>
          </form>
          {deleteState.error ? (
            <p role="alert" className="text-xs text-destructive">
              {deleteState.error}
            </p>
          ) : null}
        </div>
      )}
    </li>
  );
}

function CommentForm({
  conversationId,
  turnSeq,
  comment,
  label,
  onDone,
}: {
  conversationId: string;
  turnSeq?: number;
  comment?: TurnCommentView;
  label: string;
  onDone: () => void;
}) {
  const id = useId();
  const [body, setBody] = useState(comment?.body ?? "");
  const [state, action, busy] = useActionState(comment ? editCommentAction : addCommentAction, {});
  const error = state.fieldErrors?.body?.[0];
  useEffect(() => {
    if (state.success) onDone();
  }, [state, onDone]);
  return (
    <form action={action} className="grid gap-2 rounded-md border bg-muted/30 p-2" noValidate>
      <input type="hidden" name="conversation_id" value={conversationId} />
      {comment ? <input type="hidden" name="comment_id" value={comment.id} /> : null}
      {turnSeq !== undefined ? <input type="hidden" name="turn_seq" value={turnSeq} /> : null}
      <Label htmlFor={`${id}-body`} className="text-xs">
        {label}
      </Label>
      <Textarea
        id={`${id}-body`}
        name="body"
        rows={2}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        maxLength={MAX_COMMENT_CHARS}
        required
        autoFocus
        aria-describedby={`${id}-error`}
        aria-invalid={error ? true : undefined}
      />
      <FieldMessage id={`${id}-error`} message={error} />
      {state.error ? (
        <Alert variant="destructive">
          <AlertDescription>{state.error}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? "Saving..." : comment ? "Save comment" : "Add comment"}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
