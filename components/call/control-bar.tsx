"use client";

import { MessageSquare, PhoneOff } from "lucide-react";

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button, buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";

import { useCompactControls } from "./use-media-query";

type Props = {
  /** The microphone control (and its device menu); omitted when the participant may not publish audio. */
  microphone?: (compact: boolean) => React.ReactNode;
  /** Omitted when the participant may not publish data. */
  chat?: { open: boolean; unread: number; onToggle: () => void };
  onLeave: () => void;
  leaving?: boolean;
};

/** Microphone, chat toggle and leave (after a confirmation); labels drop to icons in the minimal layout. */
export function ControlBar({ microphone, chat, onLeave, leaving }: Props) {
  const compact = useCompactControls(chat?.open ?? false);
  return (
    <nav
      aria-label="Call controls"
      data-compact={compact || undefined}
      className="flex items-center justify-center gap-2 rounded-2xl border bg-card p-2 shadow-sm"
    >
      {microphone?.(compact)}
      {chat && (
        <Button
          variant={chat.open ? "secondary" : "outline"}
          aria-pressed={chat.open}
          aria-label={compact ? "Chat" : undefined}
          onClick={chat.onToggle}
          className="relative"
        >
          <MessageSquare aria-hidden />
          {!compact && "Chat"}
          {!chat.open && chat.unread > 0 && (
            <span
              aria-label={`${chat.unread} unread`}
              data-testid="unread-count"
              className="absolute -top-1.5 -right-1.5 grid h-5 min-w-5 place-items-center rounded-full bg-destructive px-1 text-[11px] font-semibold text-destructive-foreground"
            >
              {chat.unread}
            </span>
          )}
        </Button>
      )}
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button
            variant="destructive"
            disabled={leaving}
            aria-label={compact ? "Leave" : undefined}
            className={cn(!compact && "px-4")}
          >
            <PhoneOff aria-hidden />
            {!compact && (leaving ? "Leaving..." : "Leave")}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>End this call?</AlertDialogTitle>
            <AlertDialogDescription>
              The conversation ends for good and goes off to be graded. You will find the grade on your dashboard.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Stay on the call</AlertDialogCancel>
            <AlertDialogAction className={buttonVariants({ variant: "destructive" })} onClick={onLeave}>
              End call
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </nav>
  );
}
