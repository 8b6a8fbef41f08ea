import "server-only";

import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { organizations } from "./organizations";
import { timestamps, users } from "./users";

/** A single sign-on provider an organisation's admin configured: Entra ID, Google Workspace or any OIDC issuer. */
export const ssoProviders = pgTable(
  "sso_providers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organization_id: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["entra", "google", "oidc"] }).notNull(),
    name: text("name").notNull().default(""),
    issuer: text("issuer").notNull(),
    client_id: text("client_id").notNull(),
    // Encrypted with a key derived from AUTH_SECRET; never returned by the API.
    client_secret_encrypted: text("client_secret_encrypted").notNull(),
    // Only e-mail addresses of this domain may sign in (and link an existing account when verified).
    allowed_domain: text("allowed_domain").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    created_by: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("sso_providers_organization_id_idx").on(t.organization_id),
    check("sso_providers_kind_check", sql`${t.kind} in ('entra', 'google', 'oidc')`),
  ],
);

/** An account's identity at a provider (`sub`), so a changed e-mail at the provider still finds the account. */
export const userIdentities = pgTable(
  "user_identities",
  {
    provider_id: uuid("provider_id")
      .notNull()
      .references(() => ssoProviders.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    last_signed_in_at: timestamp("last_signed_in_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.provider_id, t.subject] }), index("user_identities_user_id_idx").on(t.user_id)],
);

export type SsoProvider = typeof ssoProviders.$inferSelect;
export type UserIdentity = typeof userIdentities.$inferSelect;
