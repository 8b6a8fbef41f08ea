-- Issues 24 and 25, one migration for every part so parallel work does not collide: LTI 1.3 (platforms,
-- deployments, keys, login state, nonces, courses, links, the AGS outbox), single sign-on providers and
-- identities, the audit log, retention, accounts without a password, real-call uploads, comments on a turn,
-- per-criterion reviews, assignment tiers and attempts, and live hints.
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"actor_id" uuid,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "criterion_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"criterion_id" text NOT NULL,
	"previous_score" integer,
	"score" integer,
	"reason" text NOT NULL,
	"reviewer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "criterion_reviews_score_range" CHECK ("criterion_reviews"."score" is null or "criterion_reviews"."score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "turn_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"turn_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_contexts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform_id" uuid NOT NULL,
	"context_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"group_id" uuid,
	"nrps_url" text,
	"lineitems_url" text,
	"roster_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_deployments" (
	"platform_id" uuid NOT NULL,
	"deployment_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_deployments_platform_id_deployment_id_pk" PRIMARY KEY("platform_id","deployment_id")
);
--> statement-breakpoint
CREATE TABLE "lti_login_states" (
	"state" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"platform_id" uuid NOT NULL,
	"target_link_uri" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lti_nonces" (
	"platform_id" uuid NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lti_nonces_platform_id_nonce_pk" PRIMARY KEY("platform_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "lti_platforms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"auth_login_url" text NOT NULL,
	"auth_token_url" text NOT NULL,
	"jwks_url" text NOT NULL,
	"registration" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_registration_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lti_resource_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"context_id" uuid NOT NULL,
	"resource_link_id" text,
	"roleplay_id" uuid,
	"assignment_id" uuid,
	"line_item_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_score_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"resource_link_id" uuid NOT NULL,
	"lti_sub" text NOT NULL,
	"score_version" integer NOT NULL,
	"score_given" real,
	"score_maximum" real DEFAULT 100 NOT NULL,
	"comment" text,
	"activity_progress" text DEFAULT 'Completed' NOT NULL,
	"grading_progress" text DEFAULT 'FullyGraded' NOT NULL,
	"score_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_score_sends_status_check" CHECK ("lti_score_sends"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "lti_tool_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lti_user_links" (
	"platform_id" uuid NOT NULL,
	"sub" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_user_links_platform_id_sub_pk" PRIMARY KEY("platform_id","sub")
);
--> statement-breakpoint
CREATE TABLE "sso_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_encrypted" text NOT NULL,
	"allowed_domain" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_providers_kind_check" CHECK ("sso_providers"."kind" in ('entra', 'google', 'oidc'))
);
--> statement-breakpoint
CREATE TABLE "user_identities" (
	"provider_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_signed_in_at" timestamp with time zone,
	CONSTRAINT "user_identities_provider_id_subject_pk" PRIMARY KEY("provider_id","subject")
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "tiers" jsonb;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "max_attempts" integer;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "counts" text DEFAULT 'best' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "source" text DEFAULT 'practice' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "uploaded_by" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "learner_label" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "transcript_purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "retention_days" integer;--> statement-breakpoint
ALTER TABLE "roleplay_schemas" ADD COLUMN "live_hints" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criterion_reviews" ADD CONSTRAINT "criterion_reviews_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criterion_reviews" ADD CONSTRAINT "criterion_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turn_comments" ADD CONSTRAINT "turn_comments_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turn_comments" ADD CONSTRAINT "turn_comments_turn_id_conversation_turns_id_fk" FOREIGN KEY ("turn_id") REFERENCES "public"."conversation_turns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turn_comments" ADD CONSTRAINT "turn_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_contexts" ADD CONSTRAINT "lti_contexts_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_contexts" ADD CONSTRAINT "lti_contexts_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_deployments" ADD CONSTRAINT "lti_deployments_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_login_states" ADD CONSTRAINT "lti_login_states_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_nonces" ADD CONSTRAINT "lti_nonces_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_platforms" ADD CONSTRAINT "lti_platforms_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_platforms" ADD CONSTRAINT "lti_platforms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_registration_tokens" ADD CONSTRAINT "lti_registration_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_registration_tokens" ADD CONSTRAINT "lti_registration_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_resource_links" ADD CONSTRAINT "lti_resource_links_context_id_lti_contexts_id_fk" FOREIGN KEY ("context_id") REFERENCES "public"."lti_contexts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_resource_links" ADD CONSTRAINT "lti_resource_links_roleplay_id_roleplay_schemas_id_fk" FOREIGN KEY ("roleplay_id") REFERENCES "public"."roleplay_schemas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_resource_links" ADD CONSTRAINT "lti_resource_links_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_score_sends" ADD CONSTRAINT "lti_score_sends_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_score_sends" ADD CONSTRAINT "lti_score_sends_resource_link_id_lti_resource_links_id_fk" FOREIGN KEY ("resource_link_id") REFERENCES "public"."lti_resource_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_user_links" ADD CONSTRAINT "lti_user_links_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_user_links" ADD CONSTRAINT "lti_user_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_provider_id_sso_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."sso_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_org_created_idx" ON "audit_log" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_id_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "criterion_reviews_conversation_idx" ON "criterion_reviews" USING btree ("conversation_id","criterion_id","created_at");--> statement-breakpoint
CREATE INDEX "criterion_reviews_reviewer_id_idx" ON "criterion_reviews" USING btree ("reviewer_id");--> statement-breakpoint
CREATE INDEX "turn_comments_conversation_idx" ON "turn_comments" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "turn_comments_turn_id_idx" ON "turn_comments" USING btree ("turn_id");--> statement-breakpoint
CREATE INDEX "turn_comments_author_id_idx" ON "turn_comments" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_contexts_platform_context_idx" ON "lti_contexts" USING btree ("platform_id","context_id");--> statement-breakpoint
CREATE INDEX "lti_contexts_group_id_idx" ON "lti_contexts" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "lti_login_states_expires_idx" ON "lti_login_states" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "lti_nonces_expires_idx" ON "lti_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_platforms_issuer_client_idx" ON "lti_platforms" USING btree ("issuer","client_id");--> statement-breakpoint
CREATE INDEX "lti_platforms_organization_id_idx" ON "lti_platforms" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "lti_registration_tokens_organization_id_idx" ON "lti_registration_tokens" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_resource_links_context_link_idx" ON "lti_resource_links" USING btree ("context_id","resource_link_id") WHERE "lti_resource_links"."resource_link_id" is not null;--> statement-breakpoint
CREATE INDEX "lti_resource_links_assignment_id_idx" ON "lti_resource_links" USING btree ("assignment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_score_sends_version_idx" ON "lti_score_sends" USING btree ("conversation_id","resource_link_id","score_version");--> statement-breakpoint
CREATE INDEX "lti_score_sends_pending_idx" ON "lti_score_sends" USING btree ("next_attempt_at") WHERE "lti_score_sends"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "lti_user_links_user_id_idx" ON "lti_user_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sso_providers_organization_id_idx" ON "sso_providers" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "user_identities_user_id_idx" ON "user_identities" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_uploaded_by_idx" ON "conversations" USING btree ("uploaded_by");--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_max_attempts_range" CHECK ("assignments"."max_attempts" is null or "assignments"."max_attempts" between 1 and 100);--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_counts_check" CHECK ("assignments"."counts" in ('best', 'latest'));--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_source_check" CHECK ("conversations"."source" in ('practice', 'real_call'));--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_retention_days_range" CHECK ("organizations"."retention_days" is null or "organizations"."retention_days" between 1 and 3650);