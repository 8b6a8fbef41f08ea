-- Issue 23 (ready for a pilot), one migration for every part so parallel work does not collide:
-- join codes (hashed) for self-signed-up accounts, the organisation's time zone for exports, the library
-- key of a roleplay copied from the starter library, the first sign-in (inactivity counts from it, not from
-- seeding), and the grade's version token (a late turn makes an in-flight grade stale).
CREATE TABLE "join_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"group_id" uuid,
	"code_hash" text NOT NULL,
	"hint" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "grades" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "roleplay_schemas" ADD COLUMN "library_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "first_signed_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "join_codes" ADD CONSTRAINT "join_codes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_codes" ADD CONSTRAINT "join_codes_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_codes" ADD CONSTRAINT "join_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "join_codes_code_hash_idx" ON "join_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "join_codes_organization_id_idx" ON "join_codes" USING btree ("organization_id");--> statement-breakpoint
-- Accounts that signed in before the column existed: their oldest session is their first sign-in.
UPDATE "users" SET "first_signed_in_at" = (SELECT min("created_at") FROM "sessions" WHERE "sessions"."user_id" = "users"."id");
