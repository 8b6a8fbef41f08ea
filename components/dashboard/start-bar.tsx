import { cn } from "@/lib/utils";

/**
 * Start Roleplay's place. On a desktop it sits in the Conversations card's row of buttons; on a
 * phone, once a roleplay is chosen, it becomes a bar fixed to the bottom of the screen with the
 * chosen roleplay's name, since the card's buttons sit a screen or more down. One button either
 * way; the dashboard pads its bottom on phones so the bar never covers the page's last lines.
 */
export function StartBar({ chosen, children }: { chosen?: string; children: React.ReactNode }) {
  if (!chosen) return children;
  return (
    <div
      role="region"
      aria-label="Chosen roleplay"
      data-start-bar
      className={cn(
        "lg:contents",
        "max-lg:fixed max-lg:inset-x-0 max-lg:bottom-0 max-lg:z-30 max-lg:flex max-lg:items-center max-lg:gap-3",
        "max-lg:border-t max-lg:bg-background/95 max-lg:px-4 max-lg:pt-3 max-lg:pb-[max(0.75rem,env(safe-area-inset-bottom))]",
        "max-lg:shadow-[0_-4px_16px_rgb(0_0_0/0.06)] max-lg:backdrop-blur",
      )}
    >
      <div className="min-w-0 flex-1 lg:hidden">
        <p className="text-xs text-muted-foreground">Chosen roleplay</p>
        <p className="truncate text-sm font-medium">{chosen}</p>
      </div>
      {children}
    </div>
  );
}
