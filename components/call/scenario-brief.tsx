"use client";

import { ChevronDown, Target } from "lucide-react";
import { useState } from "react";

import { useScenarioBrief } from "./brief-context";
import { useMediaQuery } from "./use-media-query";

/** The scenario brief: the objective, who the learner is calling, and what they know going in. */
export function ScenarioBriefPanel() {
  const brief = useScenarioBrief();
  // Open beside the call on wide screens; on a phone it folds to one line so the chat keeps its room.
  const wide = useMediaQuery("(min-width: 640px)");
  const [choice, setChoice] = useState<boolean | null>(null);
  if (!brief) return null;
  const company = brief.company;
  const companyLine = company ? [company.name, company.industry, company.size].filter(Boolean).join(" · ") : null;
  return (
    <details
      open={choice ?? wide}
      // Only a learner's click is a choice: the browser also fires toggle when the width flips the default.
      onToggle={(e) => e.currentTarget.open !== (choice ?? wide) && setChoice(e.currentTarget.open)}
      className="group shrink-0 rounded-xl border bg-card text-sm shadow-sm"
      aria-label="Scenario brief"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-xl px-3 py-2 font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
        <Target aria-hidden className="size-4 shrink-0 text-primary" />
        <span className="shrink-0">Your brief</span>
        <span className="min-w-0 truncate font-normal text-muted-foreground group-open:hidden">{brief.objective}</span>
        <ChevronDown aria-hidden className="ml-auto size-4 shrink-0 transition-transform group-open:rotate-180" />
      </summary>
      {/* A long brief scrolls inside its own box, so the call below it keeps its room. */}
      <dl
        tabIndex={0}
        aria-label="Brief details"
        className="grid max-h-[22dvh] content-start gap-2 overflow-y-auto rounded-b-xl px-3 pb-3 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:max-h-[28dvh] sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] sm:gap-x-6"
      >
        <div className="grid content-start gap-0.5 sm:col-span-2">
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Objective</dt>
          <dd>{brief.objective}</dd>
        </div>
        <div className="grid content-start gap-0.5">
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">You are calling</dt>
          <dd>
            {brief.persona.name}, {brief.persona.role}
            {companyLine && <span className="block text-muted-foreground">{companyLine}</span>}
          </dd>
        </div>
        <div className="grid content-start gap-0.5">
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">What you know going in</dt>
          <dd>{brief.situation}</dd>
        </div>
      </dl>
    </details>
  );
}
