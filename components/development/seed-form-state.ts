import type { Jsonified } from "@/lib/client/json";
import type { seedOrganization } from "@/lib/dev/seed";
import { DEFAULT_GROUP, SEED_LIMITS } from "@/lib/validations/seed-limits";

type SeedMode = "legacy" | "group";
type GroupDraft = { name: string; description: string; num_users: string; num_admins: string };
/** Both modes' fields as typed; the request sends the chosen mode's. */
export type SeedFormValues = {
  org_name: string;
  description: string;
  mode: SeedMode;
  num_users: string;
  num_admins: string;
  groups: GroupDraft[];
};

const defaultGroup = (): GroupDraft => ({
  name: DEFAULT_GROUP.name,
  description: DEFAULT_GROUP.description,
  num_users: "1",
  num_admins: "1",
});

/** New groups are 'Group N' with 1 user and 0 admins. */
export const newGroup = (n: number): GroupDraft => ({
  name: `Group ${n}`,
  description: "",
  num_users: "1",
  num_admins: "0",
});

export const initialSeedValues = (): SeedFormValues => ({
  org_name: "",
  description: "",
  mode: "legacy",
  num_users: "1",
  num_admins: "1",
  groups: [defaultGroup()],
});

/** A non-number falls back; a number is clamped to the bounds (the server refuses anything outside). */
function clampCount(raw: string, max: number, fallback: number): number {
  const n = Number.parseInt(raw, 10);
  if (Number.isNaN(n)) return fallback;
  return Math.min(max, Math.max(0, n));
}

export const legacyUsers = (raw: string) => clampCount(raw, SEED_LIMITS.legacy.users, SEED_LIMITS.legacy.fallback);
export const legacyAdmins = (raw: string) => clampCount(raw, SEED_LIMITS.legacy.admins, SEED_LIMITS.legacy.fallback);
export const groupUsers = (raw: string) => clampCount(raw, SEED_LIMITS.group.users, SEED_LIMITS.group.fallback);
export const groupAdmins = (raw: string) => clampCount(raw, SEED_LIMITS.group.admins, SEED_LIMITS.group.fallback);

/** The seed request, counts clamped as the fields do on blur; the shared schema judges it. */
export function toSeedRequest(v: SeedFormValues) {
  const common = { org_name: v.org_name, description: v.description };
  if (v.mode === "legacy") {
    return { ...common, num_users: legacyUsers(v.num_users), num_admins: legacyAdmins(v.num_admins) };
  }
  return {
    ...common,
    groups: v.groups.map((g) => ({
      name: g.name,
      description: g.description,
      num_users: groupUsers(g.num_users),
      num_admins: groupAdmins(g.num_admins),
    })),
  };
}

/** The answer of POST /api/dev/seed/organization, as the service returns it and JSON carries it. */
export type SeedResponse = Jsonified<Awaited<ReturnType<typeof seedOrganization>>>;

/** The logins (csv_data) become a text/csv download named csv_filename, both made by the seeding service. */
export function downloadCsv(result: SeedResponse) {
  const url = URL.createObjectURL(new Blob([result.csv_data], { type: "text/csv" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = result.csv_filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
