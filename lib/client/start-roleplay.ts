"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";

import { api, redirectIfAuthError } from "./api";
import { type CallState, saveCallState, STORAGE_KEYS } from "./storage";

/**
 * Start Roleplay: remember the roleplay, request a room (one credit), carry the answer
 * to /call as navigation state. Shared by the dashboard's picker, "Assigned to you" and the grade
 * page's "Practise again"; `starting` is the id of the roleplay being started, or null.
 */
export function useStartRoleplay() {
  const router = useRouter();
  const [starting, setStarting] = useState<string | null>(null);

  async function start(roleplayId: string) {
    setStarting(roleplayId);
    localStorage.setItem(STORAGE_KEYS.selectedRoleplay, roleplayId);
    try {
      const room = await api<CallState>("/api/protected/requestroom", {
        method: "POST",
        body: { schema_id: roleplayId },
      });
      saveCallState(room);
      router.push("/call");
    } catch (err) {
      // A failed start is only logged; the toast keeps the learner from wondering.
      console.error("Failed to start roleplay", err);
      if (redirectIfAuthError(err)) return;
      toast.error(err instanceof Error ? err.message : "Could not start the roleplay");
      setStarting(null);
    }
  }

  return { start, starting };
}
