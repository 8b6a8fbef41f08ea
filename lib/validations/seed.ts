import { z } from "zod";

import { requiredText, text } from "./common";
import { libraryKeys } from "./library";
import { DEFAULT_GROUP, SEED_LIMITS } from "./seed-limits";

export { DEFAULT_GROUP, SEED_LIMITS };

/**
 * A value that is not a number falls back (1 in legacy mode, 0 per group);
 * a number outside the bounds is refused with 422 rather than silently changed.
 * The form clamps before sending, so only hand-made requests meet the refusal.
 */
function accountCount(max: number, fallback: number, what: string) {
  return z.preprocess(
    (v) => {
      if (typeof v === "number" && Number.isFinite(v)) return v;
      if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
      return fallback;
    },
    z
      .number()
      .int(`${what} must be a whole number`)
      .min(0, `${what} must be between 0 and ${max}`)
      .max(max, `${what} must be between 0 and ${max}`),
  );
}

const seedGroupSchema = z.object({
  name: requiredText("Group name", 80),
  description: text("Group description", 300)
    .nullish()
    .transform((v) => v ?? ""),
  num_users: accountCount(SEED_LIMITS.group.users, SEED_LIMITS.group.fallback, "Number of users"),
  num_admins: accountCount(SEED_LIMITS.group.admins, SEED_LIMITS.group.fallback, "Number of admins"),
});

const legacyUsers = accountCount(SEED_LIMITS.legacy.users, SEED_LIMITS.legacy.fallback, "Number of users");
const legacyAdmins = accountCount(SEED_LIMITS.legacy.admins, SEED_LIMITS.legacy.fallback, "Number of admins");

/** Legacy mode (num_users, num_admins) or group mode (groups[]); both become a list of groups. */
export const seedRequestSchema = z
  .object({
    org_name: requiredText("Organization name", 120, { typeError: "Organization name is required" }),
    description: text("Description", 500)
      .nullish()
      .transform((v) => v ?? ""),
    groups: z
      .array(seedGroupSchema, { error: "Groups must be a list" })
      .min(1, "At least one group is required")
      .max(SEED_LIMITS.maxGroups, `At most ${SEED_LIMITS.maxGroups} groups can be seeded at once`)
      .optional(),
    num_users: z.unknown().optional(),
    num_admins: z.unknown().optional(),
    /** Starter-library roleplays the organisation begins with; absent means the recommended set. */
    library_keys: libraryKeys,
  })
  .transform((input, ctx) => {
    const groups = input.groups ?? [
      {
        ...DEFAULT_GROUP,
        num_users: parseCount(legacyUsers, input.num_users, "num_users", ctx),
        num_admins: parseCount(legacyAdmins, input.num_admins, "num_admins", ctx),
      },
    ];
    const names = new Set<string>();
    groups.forEach((g, i) => {
      const key = g.name.toLowerCase();
      if (names.has(key))
        ctx.addIssue({ code: "custom", path: ["groups", i, "name"], message: "Group names must be unique" });
      names.add(key);
    });
    const total = groups.reduce((n, g) => n + g.num_users + g.num_admins, 0);
    if (total > SEED_LIMITS.maxAccounts) {
      ctx.addIssue({
        code: "custom",
        path: ["groups"],
        message: `At most ${SEED_LIMITS.maxAccounts} accounts can be seeded at once`,
      });
    }
    return { org_name: input.org_name, description: input.description, groups, library_keys: input.library_keys };
  });

function parseCount(schema: z.ZodType<number>, value: unknown, field: string, ctx: z.RefinementCtx): number {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue({ code: "custom", path: [field], message: issue.message });
  return 0;
}

export type SeedRequest = z.output<typeof seedRequestSchema>;
export type SeedGroup = SeedRequest["groups"][number];
