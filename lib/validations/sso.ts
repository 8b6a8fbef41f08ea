import { z } from "zod";

import { email, requiredText, routeId, text } from "./common";

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}[a-z0-9]$/;

export const allowedDomain = z
  .string({ error: "Enter the e-mail domain, e.g. university.edu" })
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/^@/, ""))
  .pipe(z.string().regex(DOMAIN, "Enter the e-mail domain only, e.g. university.edu"));

const issuer = z
  .string({ error: "Enter the issuer URL" })
  .trim()
  .min(1, "Enter the issuer URL")
  .max(500, "The issuer URL must be at most 500 characters")
  .refine((v) => URL.canParse(v), "Enter the issuer as a URL, e.g. https://accounts.google.com");

const kind = z.enum(["entra", "google", "oidc"], { error: "Choose Microsoft Entra ID, Google Workspace or OIDC" });
const clientId = requiredText("Client ID", 300);
const clientSecret = z
  .string({ error: "Enter the client secret" })
  .min(1, "Enter the client secret")
  .max(2000, "The client secret must be at most 2000 characters");
const enabled = z.boolean({ error: "Enabled must be true or false" });

const strict = {
  error: (issue: { code: string; keys?: string[] }) =>
    issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys?.join(", ")}` : undefined,
};

/** POST /api/organization/sso: the secret is required once and never returned. */
export const createSsoProviderSchema = z.strictObject(
  {
    kind,
    name: text("Name", 100).optional(),
    issuer,
    client_id: clientId,
    client_secret: clientSecret,
    allowed_domain: allowedDomain,
    enabled: enabled.default(true),
  },
  strict,
);

/** PATCH /api/organization/sso/[id]: any of the fields; a blank or missing secret keeps the stored one. */
export const updateSsoProviderSchema = z.strictObject(
  {
    kind: kind.optional(),
    name: text("Name", 100).optional(),
    issuer: issuer.optional(),
    client_id: clientId.optional(),
    client_secret: z
      .string({ error: "Enter the client secret" })
      .max(2000, "The client secret must be at most 2000 characters")
      .optional()
      .transform((v) => v || undefined),
    allowed_domain: allowedDomain.optional(),
    enabled: enabled.optional(),
  },
  strict,
);

export const ssoProviderParams = z.object({ id: routeId("SSO provider") });

/** POST /api/sso/start: the work e-mail whose domain names the provider, and where to land afterwards. */
export const ssoStartSchema = z.object({
  email,
  next: z.string().max(2048).nullish(),
});

export type CreateSsoProviderInput = z.output<typeof createSsoProviderSchema>;
export type UpdateSsoProviderInput = z.output<typeof updateSsoProviderSchema>;
export type SsoStartInput = z.output<typeof ssoStartSchema>;
