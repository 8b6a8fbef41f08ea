"use client";

import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";

/** A disabled action whose reason is both a tooltip and part of its accessible name. */
export function ComingSoonButton({ label, tip = "Coming soon" }: { label: string; tip?: string }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span
          tabIndex={0}
          className="inline-flex rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <Button size="sm" variant="outline" disabled>
            {label}
            <span className="sr-only"> ({tip})</span>
          </Button>
        </span>
      </TooltipTrigger>
      <TooltipContent>{tip}</TooltipContent>
    </Tooltip>
  );
}
