import "server-only";

export * from "./assignments";
export * from "./audit";
export * from "./coaching";
export * from "./conversations";
export * from "./learner-stats";
export * from "./lti";
export * from "./organizations";
export * from "./rate-limits";
export * from "./roleplay";
export * from "./sso";
export * from "./users";
export * from "./waitlist";
