DROP INDEX "conversations_org_user_idx";--> statement-breakpoint
CREATE INDEX "conversations_org_user_cover_idx" ON "conversations" USING btree ("organization_id","user_id","status","started_at","ended_at","id");--> statement-breakpoint
CREATE INDEX "grades_conversation_score_idx" ON "grades" USING btree ("conversation_id","status","score");