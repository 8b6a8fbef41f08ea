import "server-only";

import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { assignments } from "./assignments";
import { conversations } from "./conversations";
import { groups, organizations } from "./organizations";
import { roleplays } from "./roleplay";
import { timestamps, users } from "./users";

/** An LMS (Canvas, Moodle, ...) registered by one organisation: launches from it land in that organisation only. */
export const ltiPlatforms = pgTable(
  "lti_platforms",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organization_id: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull().default(""),
    issuer: text("issuer").notNull(),
    client_id: text("client_id").notNull(),
    auth_login_url: text("auth_login_url").notNull(),
    auth_token_url: text("auth_token_url").notNull(),
    jwks_url: text("jwks_url").notNull(),
    // What dynamic registration returned (the platform's configuration and our registration), for support.
    registration: jsonb("registration").$type<Record<string, unknown>>(),
    created_by: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("lti_platforms_issuer_client_idx").on(t.issuer, t.client_id),
    index("lti_platforms_organization_id_idx").on(t.organization_id),
  ],
);

export const ltiDeployments = pgTable(
  "lti_deployments",
  {
    platform_id: uuid("platform_id")
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: "cascade" }),
    deployment_id: text("deployment_id").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.platform_id, t.deployment_id] })],
);

/** One-time dynamic registration links an admin pastes into the LMS; only the hash is stored. */
export const ltiRegistrationTokens = pgTable(
  "lti_registration_tokens",
  {
    token_hash: text("token_hash").primaryKey(),
    organization_id: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    created_by: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    used_at: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("lti_registration_tokens_organization_id_idx").on(t.organization_id)],
);

/**
 * The tool's signing keys (client assertions, deep-linking responses), published at the JWKS endpoint.
 * The private key is encrypted with a key derived from AUTH_SECRET; a retired key stays published a while.
 */
export const ltiToolKeys = pgTable("lti_tool_keys", {
  kid: text("kid").primaryKey(),
  public_jwk: jsonb("public_jwk").$type<Record<string, unknown>>().notNull(),
  private_jwk_encrypted: text("private_jwk_encrypted").notNull(),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  retired_at: timestamp("retired_at", { withTimezone: true }),
});

/** OIDC login state, kept server-side (no third-party cookie inside the LMS iframe); single use. */
export const ltiLoginStates = pgTable(
  "lti_login_states",
  {
    state: text("state").primaryKey(),
    nonce: text("nonce").notNull(),
    platform_id: uuid("platform_id")
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: "cascade" }),
    target_link_uri: text("target_link_uri").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    used_at: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("lti_login_states_expires_idx").on(t.expires_at)],
);

/** Nonces seen in launches: a replayed id_token is refused. */
export const ltiNonces = pgTable(
  "lti_nonces",
  {
    platform_id: uuid("platform_id")
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: "cascade" }),
    nonce: text("nonce").notNull(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.platform_id, t.nonce] }), index("lti_nonces_expires_idx").on(t.expires_at)],
);

/** An LMS course: its group in Parley and the service endpoints its launches announced. */
export const ltiContexts = pgTable(
  "lti_contexts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    platform_id: uuid("platform_id")
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: "cascade" }),
    context_id: text("context_id").notNull(),
    title: text("title").notNull().default(""),
    group_id: uuid("group_id").references(() => groups.id, { onDelete: "set null" }),
    nrps_url: text("nrps_url"),
    lineitems_url: text("lineitems_url"),
    roster_synced_at: timestamp("roster_synced_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("lti_contexts_platform_context_idx").on(t.platform_id, t.context_id),
    index("lti_contexts_group_id_idx").on(t.group_id),
  ],
);

/** A link in the course (from deep linking): which roleplay it opens, its assignment and its AGS line item. */
export const ltiResourceLinks = pgTable(
  "lti_resource_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    context_id: uuid("context_id")
      .notNull()
      .references(() => ltiContexts.id, { onDelete: "cascade" }),
    resource_link_id: text("resource_link_id"),
    roleplay_id: uuid("roleplay_id").references(() => roleplays.id, { onDelete: "set null" }),
    assignment_id: uuid("assignment_id").references(() => assignments.id, { onDelete: "set null" }),
    line_item_url: text("line_item_url"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("lti_resource_links_context_link_idx")
      .on(t.context_id, t.resource_link_id)
      .where(sql`${t.resource_link_id} is not null`),
    index("lti_resource_links_assignment_id_idx").on(t.assignment_id),
  ],
);

/** Who an LMS user (`sub`) is in Parley, per platform. */
export const ltiUserLinks = pgTable(
  "lti_user_links",
  {
    platform_id: uuid("platform_id")
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: "cascade" }),
    sub: text("sub").notNull(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.platform_id, t.sub] }), index("lti_user_links_user_id_idx").on(t.user_id)],
);

/**
 * The durable outbox of scores for AGS. One row per (call, link, version of the final score): a retry sends
 * the same row (same timestamp) again, so a send cut off mid-way is repeated, never duplicated as a new score.
 */
export const ltiScoreSends = pgTable(
  "lti_score_sends",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversation_id: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    resource_link_id: uuid("resource_link_id")
      .notNull()
      .references(() => ltiResourceLinks.id, { onDelete: "cascade" }),
    lti_sub: text("lti_sub").notNull(),
    score_version: integer("score_version").notNull(),
    score_given: real("score_given"),
    score_maximum: real("score_maximum").notNull().default(100),
    comment: text("comment"),
    activity_progress: text("activity_progress").notNull().default("Completed"),
    grading_progress: text("grading_progress").notNull().default("FullyGraded"),
    score_timestamp: timestamp("score_timestamp", { withTimezone: true }).notNull().defaultNow(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    next_attempt_at: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    locked_until: timestamp("locked_until", { withTimezone: true }),
    last_error: text("last_error"),
    sent_at: timestamp("sent_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("lti_score_sends_version_idx").on(t.conversation_id, t.resource_link_id, t.score_version),
    index("lti_score_sends_pending_idx")
      .on(t.next_attempt_at)
      .where(sql`${t.status} = 'pending'`),
    check("lti_score_sends_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

export type LtiPlatform = typeof ltiPlatforms.$inferSelect;
export type LtiContext = typeof ltiContexts.$inferSelect;
export type LtiResourceLink = typeof ltiResourceLinks.$inferSelect;
export type LtiScoreSend = typeof ltiScoreSends.$inferSelect;
