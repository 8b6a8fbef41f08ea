import { ADMIN_EMAIL, DEV_EMAIL, MEMBER_EMAIL, SCALE } from "./config";
import { organizationName, persona, personName } from "./pilot-data";
import type { Random } from "./prng";

/** Uneven organisation sizes, largest first; they add up to SCALE.users. */
export const ORG_SIZES = [
  1300, 700, 500, 400, 320, 260, 220, 190, 170, 150, 130, 120, 110, 100, 90, 70, 60, 50, 40, 20,
];

export type PlanUser = {
  id: string;
  email: string;
  name: string;
  orgIndex: number | null;
  role: "admin" | "member";
  groupIds: string[];
  isDev: boolean;
};
export type PlanOrg = { id: string; name: string; groupIds: string[]; createdAt: Date };
export type PlanRoleplay = ReturnType<typeof persona> & {
  id: string;
  orgIndex: number;
  isPublic: boolean;
  isActive: boolean;
  deleted: boolean;
  groupIds: string[];
  authorId: string;
};

/** Everything except conversations: organisations, users, groups and personas, decided up front. */
export function planPilot(random: Random, now: Date) {
  if (ORG_SIZES.reduce((a, b) => a + b, 0) !== SCALE.users) throw new Error("ORG_SIZES must add up to SCALE.users");
  const since = now.getTime() - SCALE.days * 86_400_000;
  const orgs: PlanOrg[] = ORG_SIZES.map((size, i) => ({
    id: random.uuid(),
    name: organizationName(i, random),
    groupIds: Array.from({ length: Math.min(25, Math.max(2, Math.round(size / 50))) }, () => random.uuid()),
    createdAt: new Date(since - random.int(1, 60) * 86_400_000),
  }));

  const users: PlanUser[] = [];
  ORG_SIZES.forEach((size, orgIndex) => {
    const admins = Math.max(1, Math.round(size * 0.02));
    const org = orgs[orgIndex];
    for (let k = 0; k < size; k++) {
      const groupIds = [random.pick(org.groupIds)];
      if (random.chance(0.1)) groupIds.push(random.pick(org.groupIds.filter((g) => g !== groupIds[0])));
      const n = users.length + 1;
      users.push({
        id: random.uuid(),
        email: `user${n}@bench.parley.example`,
        name: personName(random),
        orgIndex,
        role: k < admins ? "admin" : "member",
        groupIds,
        isDev: false,
      });
    }
  });
  // Named accounts for the load run: an admin and a member of the largest organisation, and a developer.
  users[0].email = ADMIN_EMAIL;
  users[0].groupIds = [];
  users[Math.floor(ORG_SIZES[0] / 2)].email = MEMBER_EMAIL;
  const dev = users[users.length - 1];
  Object.assign(dev, { email: DEV_EMAIL, orgIndex: null, groupIds: [], isDev: true });

  const perOrg = ORG_SIZES.map((s) => Math.max(4, Math.floor((s / SCALE.users) * SCALE.personas)));
  for (let i = 0; perOrg.reduce((a, b) => a + b, 0) < SCALE.personas; i++) perOrg[i % perOrg.length] += 1;
  for (let i = 0; perOrg.reduce((a, b) => a + b, 0) > SCALE.personas; i++) if (perOrg[i % 20] > 4) perOrg[i % 20] -= 1;
  const roleplays: PlanRoleplay[] = [];
  perOrg.forEach((count, orgIndex) => {
    const org = orgs[orgIndex];
    const admins = users.filter((u) => u.orgIndex === orgIndex && u.role === "admin");
    for (let k = 0; k < count; k++) {
      const isPublic = random.chance(0.7);
      roleplays.push({
        ...persona(random),
        id: random.uuid(),
        orgIndex,
        isPublic,
        isActive: !random.chance(0.05),
        deleted: random.chance(0.03),
        groupIds: isPublic ? [] : random.sample(org.groupIds, random.int(1, Math.min(3, org.groupIds.length))),
        authorId: random.pick(admins).id,
      });
    }
  });
  return { orgs, users, roleplays };
}

export type Pilot = ReturnType<typeof planPilot>;

/** Conversations per user: a skewed (log-normal) activity level, with about 8% of users who never practised. */
export function conversationCounts(random: Random, users: PlanUser[], total: number): number[] {
  const weights = users.map((u) => (u.orgIndex === null || random.chance(0.08) ? 0 : Math.exp(random.normal(0, 0.9))));
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.floor((w / sum) * total));
  let left = total - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % counts.length) {
    if (weights[i] === 0) continue;
    counts[i] += 1;
    left -= 1;
  }
  return counts;
}
