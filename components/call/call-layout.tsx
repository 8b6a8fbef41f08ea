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
    <main className="mx-auto flex h-dvh max-w-6xl flex-col gap-3 p-3 sm:gap-4 sm:p-6">
      <header className="flex items-baseline justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Practice call</p>
          <h1 className="truncate text-lg font-semibold sm:text-xl">{title}</h1>
        </div>
        {subtitle && <p className="shrink-0 text-sm text-muted-foreground">{subtitle}</p>}
      </header>
      <ScenarioBriefPanel />
      {/* Stacked (below lg), the tile and the chat keep room for a few lines and the input: with the brief open on a phone the page scrolls instead of squeezing the chat into the controls. */}
      <div className={cn("flex min-h-0 flex-1 flex-col gap-3 max-lg:min-h-[26rem] sm:gap-4", chat && "lg:flex-row")}>
        <div className={cn("flex min-h-[160px] flex-col", chat ? "shrink-0 lg:flex-1" : "flex-1")}>{stage}</div>
        {chat && <div className="flex min-h-0 flex-1 flex-col lg:w-96 lg:flex-none">{chat}</div>}
      </div>
      {controls}
    </main>
  );
}
