CREATE TABLE "learner_stats" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"conversations" integer NOT NULL,
	"seconds" double precision NOT NULL,
	"scored" integer NOT NULL,
	"score_sum" double precision NOT NULL,
	"last_started_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learner_stats_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "learner_stats" ADD CONSTRAINT "learner_stats_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_stats" ADD CONSTRAINT "learner_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learner_stats_user_id_idx" ON "learner_stats" USING btree ("user_id");--> statement-breakpoint
-- What the organisation statistics count, per learner and organisation: the ONE definition.
-- The learner_stats table holds exactly this view's rows, kept so by the triggers below. To change
-- a number (e.g. "a reviewed score replaces the automatic one"), a later migration does
-- `CREATE OR REPLACE VIEW learner_stats_computed ...` (same columns) and `SELECT learner_stats_rebuild();`.
CREATE VIEW "learner_stats_computed" AS
SELECT c.organization_id, c.user_id,
  count(*)::int AS conversations,
  coalesce(sum(extract(epoch FROM (c.ended_at - c.started_at))), 0)::float8 AS seconds,
  (count(g.score) FILTER (WHERE g.status = 'graded'))::int AS scored,
  coalesce(sum(g.score) FILTER (WHERE g.status = 'graded'), 0)::float8 AS score_sum,
  max(c.started_at) AS last_started_at
FROM conversations c
LEFT JOIN grades g ON g.conversation_id = c.id
WHERE c.status = 'ended' AND c.organization_id IS NOT NULL
GROUP BY c.organization_id, c.user_id;
--> statement-breakpoint
-- Recomputes one learner's row from their own conversations (an index range, not the organisation).
CREATE FUNCTION learner_stats_refresh(p_org uuid, p_user uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF p_org IS NULL OR p_user IS NULL THEN
    RETURN;
  END IF;
  -- One refresh per learner at a time, held until commit. The SELECT below then runs in a fresh
  -- snapshot (READ COMMITTED, volatile function) that includes what a concurrent writer committed
  -- before us, so two transactions touching one learner cannot lose each other's change.
  PERFORM pg_advisory_xact_lock(hashtextextended('learner_stats:' || p_org::text || ':' || p_user::text, 0));
  SELECT * INTO r FROM learner_stats_computed v WHERE v.organization_id = p_org AND v.user_id = p_user;
  IF NOT FOUND THEN
    DELETE FROM learner_stats WHERE organization_id = p_org AND user_id = p_user;
  ELSE
    INSERT INTO learner_stats (organization_id, user_id, conversations, seconds, scored, score_sum, last_started_at, updated_at)
    VALUES (p_org, p_user, r.conversations, r.seconds, r.scored, r.score_sum, r.last_started_at, now())
    ON CONFLICT (organization_id, user_id) DO UPDATE SET
      conversations = excluded.conversations, seconds = excluded.seconds, scored = excluded.scored,
      score_sum = excluded.score_sum, last_started_at = excluded.last_started_at, updated_at = excluded.updated_at;
  END IF;
END $$;
--> statement-breakpoint
-- Rebuilds every row from scratch (this migration's backfill; after a change of the view).
CREATE FUNCTION learner_stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE learner_stats IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM learner_stats;
  INSERT INTO learner_stats (organization_id, user_id, conversations, seconds, scored, score_sum, last_started_at, updated_at)
  SELECT v.organization_id, v.user_id, v.conversations, v.seconds, v.scored, v.score_sum, v.last_started_at, now()
  FROM learner_stats_computed v;
END $$;
--> statement-breakpoint
-- Statement-level: a bulk write refreshes each learner it touches once, in key order (no deadlock
-- between two multi-learner writes). Only ended conversations count, so starting a call costs nothing.
CREATE FUNCTION learner_stats_on_conversations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM learner_stats_refresh(k.organization_id, k.user_id) FROM (
      SELECT DISTINCT n.organization_id, n.user_id FROM new_rows n
      WHERE n.status = 'ended' AND n.organization_id IS NOT NULL ORDER BY 1, 2) k;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Any change but the call's room and persona snapshot, to or from an ended conversation.
    PERFORM learner_stats_refresh(k.organization_id, k.user_id) FROM (
      SELECT DISTINCT x.organization_id, x.user_id
      FROM old_rows o JOIN new_rows n ON n.id = o.id,
        LATERAL (VALUES (o.organization_id, o.user_id), (n.organization_id, n.user_id)) AS x(organization_id, user_id)
      WHERE (o.status = 'ended' OR n.status = 'ended') AND x.organization_id IS NOT NULL
        AND (to_jsonb(o) - 'room_name' - 'persona') IS DISTINCT FROM (to_jsonb(n) - 'room_name' - 'persona')
      ORDER BY 1, 2) k;
  ELSE
    PERFORM learner_stats_refresh(k.organization_id, k.user_id) FROM (
      SELECT DISTINCT o.organization_id, o.user_id FROM old_rows o
      WHERE o.status = 'ended' AND o.organization_id IS NOT NULL ORDER BY 1, 2) k;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Any change to a grade of an ended conversation but the grading job's own bookkeeping (claims,
-- retries): new grade columns (a reviewed score, a scorecard) refresh without touching this.
CREATE FUNCTION learner_stats_on_grades() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM learner_stats_refresh(k.organization_id, k.user_id) FROM (
      SELECT DISTINCT c.organization_id, c.user_id FROM new_rows n JOIN conversations c ON c.id = n.conversation_id
      WHERE c.status = 'ended' AND c.organization_id IS NOT NULL ORDER BY 1, 2) k;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM learner_stats_refresh(k.organization_id, k.user_id) FROM (
      SELECT DISTINCT c.organization_id, c.user_id
      FROM old_rows o JOIN new_rows n ON n.conversation_id = o.conversation_id JOIN conversations c ON c.id = n.conversation_id
      WHERE c.status = 'ended' AND c.organization_id IS NOT NULL
        AND (to_jsonb(o) - 'attempts' - 'locked_until' - 'next_attempt_at' - 'error')
          IS DISTINCT FROM (to_jsonb(n) - 'attempts' - 'locked_until' - 'next_attempt_at' - 'error')
      ORDER BY 1, 2) k;
  ELSE
    -- A grade deleted with its conversation finds no conversation: that delete refreshed already.
    PERFORM learner_stats_refresh(k.organization_id, k.user_id) FROM (
      SELECT DISTINCT c.organization_id, c.user_id FROM old_rows o JOIN conversations c ON c.id = o.conversation_id
      WHERE c.status = 'ended' AND c.organization_id IS NOT NULL ORDER BY 1, 2) k;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER learner_stats_conversations_insert AFTER INSERT ON conversations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION learner_stats_on_conversations();
--> statement-breakpoint
CREATE TRIGGER learner_stats_conversations_update AFTER UPDATE ON conversations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION learner_stats_on_conversations();
--> statement-breakpoint
CREATE TRIGGER learner_stats_conversations_delete AFTER DELETE ON conversations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION learner_stats_on_conversations();
--> statement-breakpoint
CREATE TRIGGER learner_stats_grades_insert AFTER INSERT ON grades
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION learner_stats_on_grades();
--> statement-breakpoint
CREATE TRIGGER learner_stats_grades_update AFTER UPDATE ON grades
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION learner_stats_on_grades();
--> statement-breakpoint
CREATE TRIGGER learner_stats_grades_delete AFTER DELETE ON grades
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION learner_stats_on_grades();
--> statement-breakpoint
-- Backfill: the rows for the conversations already in the database.
SELECT learner_stats_rebuild();
