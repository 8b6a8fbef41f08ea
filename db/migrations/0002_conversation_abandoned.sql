ALTER TYPE "public"."conversation_status" ADD VALUE 'abandoned';--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "credit_refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "conversations_active_idx" ON "conversations" USING btree ("started_at") WHERE "conversations"."status" = 'active';