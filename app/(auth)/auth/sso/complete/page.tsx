import type { Metadata } from "next";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";

import { SsoHandoff } from "@/components/auth/sso-handoff";
import { resolveSession } from "@/lib/auth/service";
import { SESSION_COOKIE } from "@/lib/auth/tokens";
import { safeNextPath } from "@/lib/safe-next";

export const metadata: Metadata = { title: "Signing in" };

/**
 * Where a single sign-on lands: the session cookie is already set; this page hands the same token to
 * the client's local storage (the spec's client contract, as the sign-in form does) and moves on.
 */
export default async function SsoCompletePage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  const resolved = token ? await resolveSession(token) : null;
  if (!token || !resolved) redirect("/auth?sso_error=failed");
  const next = safeNextPath((await searchParams).next) ?? "/dashboard";
  return <SsoHandoff token={token} user={resolved.user} next={next} />;
}
