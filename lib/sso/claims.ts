/**
 * What an ID token must say before Parley trusts its e-mail address, per kind of provider. Each rule
 * is an entry with its evidence (tests run every example). A token passes a kind when any of that
 * kind's rules holds; no rule of another kind ever applies.
 */
type SsoKind = "entra" | "google" | "oidc";
export type Claims = Record<string, unknown>;

const yes = (v: unknown) => v === true || v === "true" || v === 1 || v === "1";
const emailOf = (c: Claims) => (typeof c.email === "string" ? c.email.trim().toLowerCase() : "");

type VerifiedEmailRule = {
  id: string;
  kind: SsoKind;
  does: string;
  holds: (claims: Claims) => boolean;
  examples: { hit: Claims[]; miss: Claims[] };
  note: string;
};

export const VERIFIED_EMAIL_RULES: VerifiedEmailRule[] = [
  {
    id: "oidc.email_verified",
    kind: "oidc",
    does: "trusts the e-mail when the issuer says email_verified is true",
    holds: (c) => yes(c.email_verified),
    examples: {
      hit: [
        { email: "a@uni.example", email_verified: true },
        { email: "a@uni.example", email_verified: "true" },
      ],
      miss: [{ email: "a@uni.example" }, { email: "a@uni.example", email_verified: false }],
    },
    note: "OIDC Core 5.1. Some issuers (Cognito) send the boolean as a string.",
  },
  {
    id: "google.email_verified",
    kind: "google",
    does: "trusts the e-mail when Google says email_verified is true",
    holds: (c) => yes(c.email_verified),
    examples: {
      hit: [{ email: "a@uni.example", email_verified: true, hd: "uni.example" }],
      miss: [{ email: "a@uni.example", email_verified: false, hd: "uni.example" }],
    },
    note: "The Workspace domain itself is checked separately with the hd claim.",
  },
  {
    id: "entra.xms_edov",
    kind: "entra",
    does: "trusts the e-mail when Entra says its domain is verified by the tenant (xms_edov)",
    holds: (c) => yes(c.xms_edov),
    examples: {
      hit: [{ email: "a@uni.example", xms_edov: true }],
      miss: [{ email: "a@uni.example" }, { email: "a@uni.example", xms_edov: false }],
    },
    note: "Entra's email claim is editable by tenant admins and carries no email_verified; xms_edov is an optional claim the app registration must add.",
  },
  {
    id: "entra.verified_primary_email",
    kind: "entra",
    does: "trusts the e-mail when it is the user's verified primary e-mail in Entra",
    holds: (c) =>
      Array.isArray(c.verified_primary_email) &&
      c.verified_primary_email.some((e) => typeof e === "string" && e.trim().toLowerCase() === emailOf(c)),
    examples: {
      hit: [{ email: "A@uni.example", verified_primary_email: ["a@uni.example"] }],
      miss: [{ email: "a@uni.example", verified_primary_email: ["b@uni.example"] }],
    },
    note: "An optional claim sourced from the PrimaryAuthoritativeEmail attribute.",
  },
];

export function emailIsVerified(kind: SsoKind, claims: Claims): string | null {
  return VERIFIED_EMAIL_RULES.find((r) => r.kind === kind && r.holds(claims))?.id ?? null;
}

/** The e-mail's domain, lower case; "" when there is no usable address. */
export function domainOf(email: string): string {
  const at = email.lastIndexOf("@");
  return at > 0
    ? email
        .slice(at + 1)
        .trim()
        .toLowerCase()
    : "";
}

/**
 * Whether the token's account belongs to the provider's allowed domain: the e-mail's domain must be
 * it, and a Google Workspace token must also name it as its hosted domain (hd), so a personal Gmail
 * account or another Workspace can never pass.
 */
export function inAllowedDomain(kind: SsoKind, claims: Claims, allowedDomain: string): boolean {
  const domain = allowedDomain.toLowerCase();
  if (domainOf(emailOf(claims)) !== domain) return false;
  if (kind === "google") return typeof claims.hd === "string" && claims.hd.toLowerCase() === domain;
  return true;
}

/** Entra tokens must come from the configured tenant: its id is the issuer's path segment. */
export function fromConfiguredTenant(kind: SsoKind, claims: Claims, issuer: string): boolean {
  if (kind !== "entra") return true;
  const tenant = /\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/v2\.0\/?$/i.exec(issuer)?.[1];
  return !tenant || (typeof claims.tid === "string" && claims.tid.toLowerCase() === tenant.toLowerCase());
}

export function normalisedEmail(claims: Claims): string {
  return emailOf(claims);
}

/** A display name from the token: name, else given and family names, else the e-mail's local part. */
export function nameOf(claims: Claims): string {
  if (typeof claims.name === "string" && claims.name.trim()) return claims.name.trim().slice(0, 100);
  const parts = [claims.given_name, claims.family_name].filter((p): p is string => typeof p === "string" && !!p.trim());
  if (parts.length) return parts.join(" ").trim().slice(0, 100);
  return emailOf(claims).split("@")[0] ?? "";
}
