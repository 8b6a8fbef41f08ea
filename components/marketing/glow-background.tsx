import { cva, type VariantProps } from "class-variance-authority";

import { cn } from "@/lib/utils";

const glowVariants = cva(
  // A blurred solid shape fades smoothly; multi-stop gradients show rings on light backgrounds.
  "pointer-events-none absolute left-1/2 -z-10 -translate-x-1/2 rounded-full bg-gradient-to-r from-primary/20 via-[oklch(0.6_0.18_295)]/20 to-primary/15 blur-[96px]",
  {
    variants: {
      size: {
        small: "h-32 w-[min(24rem,90%)]",
        medium: "h-56 w-[min(40rem,90%)]",
        large: "h-80 w-[min(56rem,100%)]",
      },
    },
    defaultVariants: { size: "medium" },
  },
);

/** A soft, purely decorative glow behind a section; the parent needs `relative isolate`. */
export function GlowBackground({ size, className }: VariantProps<typeof glowVariants> & { className?: string }) {
  return <div aria-hidden className={cn(glowVariants({ size }), className)} />;
}
