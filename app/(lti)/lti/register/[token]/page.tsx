import type { Metadata } from "next";

import { LaunchProblem } from "@/components/lti/launch-problem";
import { RegistrationConfirm, RegistrationDone } from "@/components/lti/registration";
import { registrationLink, registrationQuery } from "@/lib/lti/registration";

export const metadata: Metadata = { title: "Register Parley" };
export const dynamic = "force-dynamic";

type Query = { openid_configuration?: string; registration_token?: string; done?: string };

/**
 * The page an LMS opens for Dynamic Registration (the admin pasted this URL; the LMS adds openid_configuration
 * and registration_token). It asks to confirm, registers, then tells the LMS it is done (postMessage close).
 */
export default async function RegisterPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Query>;
}) {
  const { token } = await params;
  const query = await searchParams;
  const link = /^[\w-]{20,100}$/.test(token) ? await registrationLink(token) : null;
  if (!link)
    return (
      <LaunchProblem title="Registration link not found" message="Ask your Parley admin for a new registration link." />
    );
  if (query.done === "1" && link.used) return <RegistrationDone organization={link.organization} />;
  if (!link.live)
    return (
      <LaunchProblem
        title="This registration link cannot be used"
        message="It has expired or was already used. Ask your Parley admin for a new registration link."
      />
    );
  const parsed = registrationQuery.safeParse(query);
  if (!parsed.success)
    return (
      <LaunchProblem
        title="Paste this link into your LMS"
        message="This is a Dynamic Registration link: paste it into your LMS's 'register a tool by URL' field (Canvas: Developer Keys > LTI Registration; Moodle: Manage tools > Tool URL)."
      />
    );
  return (
    <RegistrationConfirm
      token={token}
      organization={link.organization}
      platformHost={new URL(parsed.data.openid_configuration).host}
      openidConfiguration={parsed.data.openid_configuration}
      registrationToken={parsed.data.registration_token ?? ""}
    />
  );
}
