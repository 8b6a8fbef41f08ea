/**
 * Why a single sign-on did not end in a session: the code travels in `/auth?sso_error=<code>` and
 * the sign-in page shows its sentence (never a stack trace, never the identity provider's own text).
 */
const SSO_ERRORS = {
  unverified:
    "Your organization's sign-in did not confirm that this email address is verified, so Parley cannot use it. Ask your organization's admin.",
  no_email: "Your organization's sign-in did not share an email address with Parley. Ask your organization's admin.",
  domain:
    "This email address is not one your organization's single sign-on accepts. Use your work address, or sign in with your email and password.",
  other_organization:
    "This account belongs to another organization, so it cannot sign in through this single sign-on. Sign in with your email and password.",
  developer: "Developer accounts sign in with their email and password, not through single sign-on.",
  unavailable:
    "Single sign-on for this organization is turned off. Sign in with your email and password, or ask your organization's admin.",
  denied: "Your organization's sign-in was cancelled or refused. Please try again.",
  expired: "That sign-in expired or was started in another browser. Please start again.",
  failed: "Single sign-on did not work this time. Please try again, or ask your organization's admin.",
} as const;

export type SsoErrorCode = keyof typeof SSO_ERRORS;

export function ssoErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  return (SSO_ERRORS as Record<string, string>)[code] ?? SSO_ERRORS.failed;
}
