import { explainService, type Plan } from "./explain";
import type { lookUp } from "./scenario";

type Ids = Awaited<ReturnType<typeof lookUp>>;

/** The query plans behind the measured endpoints, from the services the routes call. */
export async function explainAll(url: string, ids: Ids) {
  const { getDashboard } = await import("@/lib/dashboard/service");
  const { listVisibleRoleplays } = await import("@/lib/roleplays/service");
  const { getOrganizationStats } = await import("@/lib/organizations/stats");
  const { findUserByEmail } = await import("@/db/queries/users");
  const { getDb } = await import("@/db");
  const grading = (await import("@/lib/grading/service").catch(() => null)) as {
    getGradeView?: (u: unknown, id: string) => Promise<unknown>;
  } | null;
  const services: [string, () => Promise<unknown>][] = [
    ["dashboard (bench member)", () => getDashboard(ids.member)],
    ["roleplay list (bench member)", () => listVisibleRoleplays(ids.member)],
    [
      `organisation stats (admin of the largest organisation, ${ids.counts.org_members} members)`,
      () => getOrganizationStats(ids.admin, { includeEmptyGroups: false }),
    ],
    ["sign-in user lookup", async () => findUserByEmail(await getDb(), ids.member.email)],
  ];
  if (grading?.getGradeView) services.push(["grade", () => grading.getGradeView!(ids.member, ids.gradedId)]);
  const out: { title: string; wallMs: number; plans: Plan[] }[] = [];
  for (const [title, run] of services) out.push({ title, ...(await explainService(url, run)) });
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { BENCH_URL } = await import("./config");
  const { lookUp } = await import("./scenario");
  const { plansSection } = await import("./report");
  process.env.AUTH_SECRET ??= "bench-explain-only";
  for (const p of await explainAll(BENCH_URL, await lookUp(BENCH_URL)))
    console.log(plansSection(p.title, p.wallMs, p.plans), "\n");
  process.exit(0);
}
