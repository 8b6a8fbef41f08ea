"use client";

import { useEffect, useRef, useState } from "react";

const ROTATING_WORDS = ["interview", "sale", "meeting", "session", "job", "talk", "pitch", "chat", "deal", "review"];

const EXIT: Keyframe[] = [
  { opacity: 1, transform: "translateY(0)", filter: "blur(0)" },
  { opacity: 0, transform: "translateY(-0.35em)", filter: "blur(2px)" },
];
const ENTER: Keyframe[] = [
  { opacity: 0, transform: "translateY(0.35em)", filter: "blur(2px)" },
  { opacity: 1, transform: "translateY(0)", filter: "blur(0)" },
];

type Props = { words?: string[]; intervalMs?: number; exitMs?: number; className?: string };

/**
 * Cycles through `words`; the current word leaves with a short animation before the next one enters.
 * The landing page's only client component: no `cn` here, which would bring tailwind-merge (about 8.5 KB
 * gzipped) into the landing page's first load for one class list that never conflicts.
 */
export function RotatingWord({ words = ROTATING_WORDS, intervalMs = 2000, exitMs = 300, className }: Props) {
  const [index, setIndex] = useState(0);
  const ref = useRef<HTMLSpanElement>(null);
  const animate = useRef(false);

  useEffect(() => {
    const el = ref.current;
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
    let swap: ReturnType<typeof setTimeout> | undefined;
    const next = () => setIndex((i) => (i + 1) % words.length);
    const tick = setInterval(() => {
      if (reduced.matches || !el?.animate) return next();
      animate.current = true;
      el.animate(EXIT, { duration: exitMs, easing: "ease-in", fill: "forwards" });
      swap = setTimeout(next, exitMs);
    }, intervalMs);
    return () => {
      clearInterval(tick);
      clearTimeout(swap);
    };
  }, [words.length, intervalMs, exitMs]);

  useEffect(() => {
    const el = ref.current;
    if (!animate.current || !el) return;
    animate.current = false;
    el.getAnimations().forEach((a) => a.cancel());
    el.animate(ENTER, { duration: exitMs, easing: "ease-out" });
  }, [index, exitMs]);

  return (
    <span
      ref={ref}
      data-testid="rotating-word"
      aria-live="polite"
      className={className ? `inline-block ${className}` : "inline-block"}
    >
      {words[index]}
    </span>
  );
}
