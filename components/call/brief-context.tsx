"use client";

import { createContext, useContext, useEffect, useState } from "react";

import { api } from "@/lib/client/api";
import type { ScenarioBrief } from "@/lib/conversations/brief";

export type { ScenarioBrief };

const BriefContext = createContext<ScenarioBrief | null>(null);

export const useScenarioBrief = () => useContext(BriefContext);

/** Loads the brief once per call, for the call layout whichever call mode renders it. */
export function BriefProvider({ conversationId, children }: { conversationId: string; children: React.ReactNode }) {
  const [brief, setBrief] = useState<ScenarioBrief | null>(null);
  useEffect(() => {
    let cancelled = false;
    api<{ brief?: ScenarioBrief }>(`/api/protected/conversations/${conversationId}`)
      .then((view) => !cancelled && setBrief(view.brief ?? null))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [conversationId]);
  return <BriefContext.Provider value={brief}>{children}</BriefContext.Provider>;
}
