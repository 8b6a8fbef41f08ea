/** The bench accounts and ids the load run needs, looked up in the generated pilot. */
import postgres from "postgres";

import { ADMIN_EMAIL, BENCH_PASSWORD, DEV_EMAIL, MEMBER_EMAIL } from "./config";
import type { Endpoint } from "./load";

export type BenchUser = { id: string; name: string; email: string; isDev: boolean };

export async function lookUp(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const users = await sql<
      { id: string; name: string; email: string; is_dev: boolean }[]
    >`select id, name, email, is_dev from users where email in (${MEMBER_EMAIL}, ${ADMIN_EMAIL}, ${DEV_EMAIL})`;
    const as = (email: string): BenchUser => {
      const u = users.find((r) => r.email === email)!;
      return { id: u.id, name: u.name, email: u.email, isDev: u.is_dev };
    };
    const member = as(MEMBER_EMAIL);
    const [graded] =
      await sql`select c.id from conversations c join grades g on g.conversation_id = c.id where c.user_id = ${member.id} and g.status = 'graded' order by c.started_at desc limit 1`;
    const [roleplay] =
      await sql`select s.id from roleplay_schemas s join memberships m on m.organization_id = s.organization_id and m.user_id = ${member.id}
      where s.is_public and s.is_active and s.deleted_at is null order by s.created_at limit 1`;
    const [counts] =
      await sql`select (select count(*) from conversations where user_id = ${member.id})::int as member_conversations,
      (select count(*) from memberships m where m.organization_id = (select organization_id from memberships where user_id = ${member.id}))::int as org_members`;
    return {
      member,
      admin: as(ADMIN_EMAIL),
      dev: as(DEV_EMAIL),
      gradedId: graded.id as string,
      roleplayId: roleplay.id as string,
      counts,
    };
  } finally {
    await sql.end();
  }
}

export async function signIn(baseUrl: string, email: string, address: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email}: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

export function endpoints(
  ids: Awaited<ReturnType<typeof lookUp>>,
  tokens: { member: string; admin: string },
  run: string,
): Endpoint[] {
  return [
    {
      name: "sign-in",
      method: "POST",
      path: "/api/auth/signin",
      varyAddress: true,
      body: () => ({ email: MEMBER_EMAIL, password: BENCH_PASSWORD }),
    },
    { name: "dashboard", method: "GET", path: "/api/protected/dashboard", token: tokens.member },
    { name: "roleplay list", method: "GET", path: "/api/protected/roleplay/list", token: tokens.member },
    { name: "grade", method: "GET", path: `/api/protected/grades/${ids.gradedId}`, token: tokens.member },
    { name: "organisation stats", method: "GET", path: "/api/organization/stats-dashboard", token: tokens.admin },
    {
      name: "requestroom",
      method: "POST",
      path: "/api/protected/requestroom",
      token: tokens.member,
      body: () => ({ schema_id: ids.roleplayId }),
    },
    {
      name: "waitlist",
      method: "POST",
      path: "/api/public/waitlist",
      varyAddress: true,
      body: (n) => ({
        email: `bench-${run}-${n}@waitlist.example`,
        name: null,
        interests: ["sales"],
        otherDetails: null,
      }),
    },
  ];
}
