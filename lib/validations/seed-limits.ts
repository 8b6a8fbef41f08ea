/**
 * The seed request's bounds and default group, without zod: the developer console's fields read them
 * at render, and importing ./seed for them would put zod into the console's first load (about 30 KB
 * gzipped). ./seed builds its schema on them and re-exports them.
 */
export const SEED_LIMITS = {
  legacy: { users: 50, admins: 10, fallback: 1 },
  group: { users: 100, admins: 50, fallback: 0 },
  maxGroups: 20,
  maxAccounts: 1000,
} as const;

export const DEFAULT_GROUP = { name: "Default Group", description: "Main user group" } as const;
