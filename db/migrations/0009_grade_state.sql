-- "Too little to grade" is a state, not a score (issue 22): such a grade keeps its score null (the capped
-- number stays in the scorecard jsonb), so the averages, trends, learner_stats and pass status, which all
-- count non-null scores, leave it out until an instructor's review scores it. Existing grades stay 'graded'.
ALTER TABLE "grades" ADD COLUMN "state" text DEFAULT 'graded' NOT NULL;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_state_check" CHECK ("grades"."state" in ('graded', 'too_little'));--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_too_little_unscored_check" CHECK ("grades"."state" = 'graded' or "grades"."score" is null);