"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { api, redirectIfAuthError } from "./api";
import { saveCallState, STORAGE_KEYS, type CallState } from "./storage";

/**
 * Start Roleplay (spec section 4): remember the schema, request a room (one credit), carry the answer
 * to /call as navigation state. Shared by the dashboard's picker, "Assigned to you" and the grade
 * page's "Practise again"; `starting` is the id of the roleplay being started, or null.
 */
export function useStartRoleplay() {
  const router = useRouter();
  const [starting, setStarting] = useState<string | null>(null);

  async function start(schemaId: string) {
    setStarting(schemaId);
    localStorage.setItem(STORAGE_KEYS.selectedSchema, schemaId);
    try {
      const room = await api<CallState>("/api/protected/requestroom", { method: "POST", body: { schema_id: schemaId } });
      saveCallState(room);
      router.push("/call");
    } catch (err) {
      // Spec section 8: a failed start is only logged; the toast keeps the learner from wondering.
      console.error("Failed to start roleplay", err);
      if (redirectIfAuthError(err)) return;
      toast.error(err instanceof Error ? err.message : "Could not start the roleplay");
      setStarting(null);
    }
  }

  return { start, starting };
}
