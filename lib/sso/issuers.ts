/** The three kinds of provider an admin can add, with what the form prefills for each. */
export const KIND_LABELS = {
  entra: "Microsoft Entra ID",
  google: "Google Workspace",
  oidc: "OpenID Connect",
} as const;

export const GOOGLE_ISSUER = "https://accounts.google.com";

/** Entra's issuer for one tenant (its directory id): tokens of other tenants never match it. */
export function entraIssuer(tenantId: string): string {
  return `https://login.microsoftonline.com/${tenantId.trim()}/v2.0`;
}
