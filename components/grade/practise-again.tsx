"use client";

import { RotateCcw } from "lucide-react";

import { Button } from "@/components/ui/button";
import { useStartRoleplay } from "@/lib/client/start-roleplay";

/** The same roleplay once more: spends a credit and goes to /call, exactly like Start Roleplay. */
export function PractiseAgain({ roleplayId, name }: { roleplayId: string; name: string }) {
  const { start, starting } = useStartRoleplay();
  return (
    <Button onClick={() => void start(roleplayId)} disabled={starting !== null} aria-label={`Practise again: ${name}`}>
      <RotateCcw aria-hidden />
      {starting !== null ? "Starting..." : "Practise again"}
    </Button>
  );
}
