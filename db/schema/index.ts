import "server-only";

export * from "./assignments";
export * from "./conversations";
export * from "./learner-stats";
export * from "./organizations";
export * from "./rate-limits";
export * from "./roleplay";
export * from "./users";
export * from "./waitlist";
