import * as React from "react";

import { cn } from "@/lib/utils";

/** A plain native scroller: keyboard-scrollable via tabIndex, thin scrollbar, no JS. */
function ScrollArea({ className, children, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="scroll-area"
      tabIndex={0}
      className={cn(
        "relative overflow-y-auto rounded-[inherit] [scrollbar-width:thin] outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        className,
      )}
      {...props}
    >
      {children}
    </div>
  );
}

export { ScrollArea };
