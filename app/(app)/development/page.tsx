import type { Metadata } from "next";

import { DevelopmentConsole } from "@/components/development/development-console";
import { NotAllowed } from "@/components/organization/not-allowed";
import { requirePageUser } from "@/lib/auth/page";
import { listOrganizations, listOrganizationUsers } from "@/lib/dev/organizations";
import { RECOMMENDED_KEYS } from "@/lib/roleplays/library";
import { listVisibleRoleplays } from "@/lib/roleplays/service";

export const metadata: Metadata = { title: "Development" };

/** A failure loading users or roleplays shows an empty list. */
async function orEmpty<T>(what: string, load: () => Promise<T[]>): Promise<T[]> {
  try {
    return await load();
  } catch (err) {
    console.error(`[development] failed to load ${what}:`, err);
    return [];
  }
}

/** Server-first: the same services as the developer APIs. */
export default async function DevelopmentPage() {
  const user = await requirePageUser();
  if (!user.isDev) {
    return <NotAllowed title="You can't open this page" message="Only developers can open the development tools." />;
  }
  const [{ organizations }, roleplays] = await Promise.all([
    listOrganizations(),
    orEmpty("roleplays", () => listVisibleRoleplays(user, { returnAll: true })),
  ]);
  const first = organizations[0];
  const users = first ? await orEmpty("users", async () => (await listOrganizationUsers(first.id)).users) : [];
  return (
    <DevelopmentConsole
      initialOrganizations={organizations}
      initialUsers={users}
      initialRoleplays={roleplays.map((r) => ({ id: r.id, name: r.name, organization: r.organization }))}
      recommendedRoleplays={RECOMMENDED_KEYS.length}
    />
  );
}
