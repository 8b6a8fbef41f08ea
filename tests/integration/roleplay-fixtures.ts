import { addMember, createOrg, createUser } from "../helpers/factories";

export const persona = (overrides: Record<string, unknown> = {}) => ({
  name: "Dana Whitfield",
  role: "Head of Operations",
  situation: "Runs two warehouses and agreed to a short intro call.",
  background: "Twelve years in logistics.",
  pain_points: ["Missed carrier cut-offs", "  "],
  goals: ["Ship same day"],
  ...overrides,
});

export const payload = (overrides: Record<string, unknown> = {}) => ({
  name: "Discovery call",
  description: "First call with an operations lead",
  is_public: true,
  schema_data: { persona: persona() },
  assigned_groups: [] as string[],
  ...overrides,
});

/** Two organisations; the first with groups A and B, an admin, members of A and B and a member of no group. */
export async function world() {
  const org = await createOrg({ name: "Riverside", groups: ["Cohort A", "Cohort B"] });
  const other = await createOrg({ name: "Elsewhere", groups: ["Outsiders"] });
  const [groupA, groupB] = org.groups;
  const admin = await createUser({ name: "Alex Admin" });
  const memberA = await createUser({ name: "Maya A" });
  const memberB = await createUser({ name: "Ben B" });
  const loner = await createUser({ name: "Lou Nogroup" });
  const dev = await createUser({ name: "Devon", isDev: true });
  const outsider = await createUser({ name: "Otto Outsider" });
  const otherAdmin = await createUser({ name: "Olga Admin" });
  await addMember({ userId: admin.id, orgId: org.id, role: "admin", groupIds: [groupA.id, groupB.id] });
  await addMember({ userId: memberA.id, orgId: org.id, groupIds: [groupA.id] });
  await addMember({ userId: memberB.id, orgId: org.id, groupIds: [groupB.id] });
  await addMember({ userId: loner.id, orgId: org.id });
  await addMember({ userId: dev.id, orgId: org.id, role: "admin" });
  await addMember({ userId: outsider.id, orgId: other.id, groupIds: [other.groups[0].id] });
  await addMember({ userId: otherAdmin.id, orgId: other.id, role: "admin" });
  return { org, other, groupA, groupB, admin, memberA, memberB, loner, dev, outsider, otherAdmin };
}
