import { cn } from "@/lib/utils";

/** The Parley mark: two overlapping speech bubbles. Same drawing as public/logo.svg. */
function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" fill="none" aria-hidden className={cn("size-7 shrink-0", className)}>
      <path d="M7 3h12a5 5 0 0 1 5 5v6a5 5 0 0 1-5 5h-8l-5 4v-4.1A5 5 0 0 1 2 14V8a5 5 0 0 1 5-5z" fill="#9b9bf0" />
      <path
        d="M13 11h12a5 5 0 0 1 5 5v6a5 5 0 0 1-4 4.9V31l-5-4h-8a5 5 0 0 1-5-5v-6a5 5 0 0 1 5-5z"
        fill="#3f3fbf"
        stroke="#fff"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <circle cx="14.5" cy="19" r="1.5" fill="#fff" />
      <circle cx="19" cy="19" r="1.5" fill="#fff" />
      <circle cx="23.5" cy="19" r="1.5" fill="#fff" />
    </svg>
  );
}

export function Logo({ className, markClassName }: { className?: string; markClassName?: string }) {
  return (
    <span
      className={cn("inline-flex items-center gap-2 text-lg font-semibold tracking-tight text-foreground", className)}
    >
      <LogoMark className={markClassName} />
      <span>Parley</span>
    </span>
  );
}
