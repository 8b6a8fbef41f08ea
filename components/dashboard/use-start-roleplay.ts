"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { api, redirectIfAuthError } from "@/lib/client/api";
import { saveCallState, STORAGE_KEYS, type CallState } from "@/lib/client/storage";

/** Start Roleplay (spec section 2): remember the schema, request a room, go to /call. */
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
      console.error("Failed to start roleplay", err);
      if (redirectIfAuthError(err)) return;
      toast.error(err instanceof Error ? err.message : "Could not start the roleplay");
      setStarting(null);
    }
  }
  return { start, starting };
}
