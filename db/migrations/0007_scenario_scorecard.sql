CREATE TABLE "grade_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roleplay_schemas" ADD COLUMN "scenario" jsonb;--> statement-breakpoint
ALTER TABLE "roleplay_schemas" ADD COLUMN "scorecard" jsonb;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "scenario" jsonb;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "scorecard" jsonb;--> statement-breakpoint
ALTER TABLE "grades" ADD COLUMN "scorecard" jsonb;--> statement-breakpoint
-- Backfill: every existing schema reads as a sales-discovery roleplay with the default sales-discovery scorecard (lib/grading/default-scorecards.ts). Persona data is untouched.
UPDATE "roleplay_schemas" SET "scenario" = '{"kind":"sales-discovery","objective":""}'::jsonb WHERE "scenario" IS NULL;--> statement-breakpoint
UPDATE "roleplay_schemas" SET "scorecard" = '{"pass_mark":70,"criteria":[{"id":"spin","label":"SPIN discovery","weight":30,"measure":"spin","description":"Asks situation, problem, implication and need-payoff questions, with more implication and need-payoff than situation questions."},{"id":"listening","label":"Listening and follow-ups","weight":15,"measure":"listening","description":"Builds the next question on what the buyer just said instead of running a script."},{"id":"topics","label":"Buyer''s pains and goals uncovered","weight":15,"measure":"topics","description":"The learner raises or follows up the buyer''s real problems and goals."},{"id":"talk-share","label":"Lets the buyer talk","weight":10,"measure":"talk_share","description":"Talks 30-45% of the time in discovery; never most of the call."},{"id":"next-step","label":"Agreed next step","weight":10,"measure":"next_step","description":"Closes with a concrete, dated step the buyer agrees to, not ''I''ll send some info''."},{"id":"courtesy","label":"Courtesy and engagement","weight":10,"measure":"courtesy","description":"Respectful throughout; the buyer never has to ask to be heard."},{"id":"monologue","label":"No long monologues","weight":5,"measure":"monologue","description":"Never speaks more than about a minute without handing the turn back."},{"id":"fillers","label":"Clean delivery","weight":5,"measure":"fillers","description":"Few filler words (up to about 5 a minute)."}]}'::jsonb WHERE "scorecard" IS NULL;
