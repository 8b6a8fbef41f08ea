CREATE TABLE "assignment_groups" (
	"assignment_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	CONSTRAINT "assignment_groups_assignment_id_group_id_pk" PRIMARY KEY("assignment_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"schema_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"pass_mark" integer NOT NULL,
	"min_attempts" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignments_pass_mark_range" CHECK ("assignments"."pass_mark" between 0 and 100),
	CONSTRAINT "assignments_min_attempts_range" CHECK ("assignments"."min_attempts" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "grade_reviews" (
	"conversation_id" uuid PRIMARY KEY NOT NULL,
	"reviewer_id" uuid,
	"score" integer,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grade_reviews_score_range" CHECK ("grade_reviews"."score" is null or "grade_reviews"."score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"active_organization_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assignment_groups" ADD CONSTRAINT "assignment_groups_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_groups" ADD CONSTRAINT "assignment_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_schema_id_roleplay_schemas_id_fk" FOREIGN KEY ("schema_id") REFERENCES "public"."roleplay_schemas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_reviews" ADD CONSTRAINT "grade_reviews_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_reviews" ADD CONSTRAINT "grade_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_active_organization_id_organizations_id_fk" FOREIGN KEY ("active_organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_groups_group_id_idx" ON "assignment_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "assignments_org_due_idx" ON "assignments" USING btree ("organization_id","due_at");--> statement-breakpoint
CREATE INDEX "assignments_schema_id_idx" ON "assignments" USING btree ("schema_id");--> statement-breakpoint
CREATE INDEX "assignments_created_by_idx" ON "assignments" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "grade_reviews_reviewer_id_idx" ON "grade_reviews" USING btree ("reviewer_id");--> statement-breakpoint
CREATE INDEX "user_settings_active_organization_id_idx" ON "user_settings" USING btree ("active_organization_id");