export * from "./users";
export * from "./organizations";
export * from "./roleplay";
export * from "./conversations";
export * from "./waitlist";
export * from "./learner-stats";
export * from "./rate-limits";
export * from "./assignments";
