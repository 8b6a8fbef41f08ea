import { cn } from "@/lib/utils";

import { ScenarioBriefPanel } from "./scenario-brief";

type Props = {
  title: string;
  subtitle?: string;
  stage: React.ReactNode;
  chat?: React.ReactNode;
  controls: React.ReactNode;
};

/** The call screen's frame: a title, the scenario brief, the persona's tile beside (or above) the chat, controls at the bottom. */
export function CallLayout({ title, subtitle, stage, chat, controls }: Props) {
  return (
    <main className="mx-auto flex h-dvh max-w-6xl flex-col gap-3 overflow-hidden p-3 sm:gap-4 sm:p-6">
      <header className="flex shrink-0 items-baseline justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Practice call</p>
          <h1 className="truncate text-lg font-semibold sm:text-xl">{title}</h1>
        </div>
        {subtitle && <p className="shrink-0 text-sm text-muted-foreground">{subtitle}</p>}
      </header>
      <ScenarioBriefPanel />
      {/* The screen never scrolls: the brief and the transcript scroll inside, so the composer, Send and Leave stay in view on a phone. */}
      <div className={cn("flex min-h-0 flex-1 flex-col gap-3 sm:gap-4", chat && "lg:flex-row")}>
        <div className={cn("flex min-h-[160px] flex-col", chat ? "shrink-0 lg:flex-1" : "flex-1")}>{stage}</div>
        {chat && <div className="flex min-h-0 flex-1 flex-col lg:w-96 lg:flex-none">{chat}</div>}
      </div>
      <div className="grid shrink-0 gap-2">{controls}</div>
    </main>
  );
}
