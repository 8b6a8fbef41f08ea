-- The score that counts in the organisation statistics is an instructor's reviewed score where one
-- is set, else the automatic one (as the dashboard, pass status and the export already count it).
CREATE OR REPLACE VIEW "learner_stats_computed" AS
SELECT c.organization_id, c.user_id,
  count(*)::int AS conversations,
  coalesce(sum(extract(epoch FROM (c.ended_at - c.started_at))), 0)::float8 AS seconds,
  (count(coalesce(r.score, g.score)) FILTER (WHERE g.status = 'graded'))::int AS scored,
  coalesce(sum(coalesce(r.score, g.score)) FILTER (WHERE g.status = 'graded'), 0)::float8 AS score_sum,
  max(c.started_at) AS last_started_at
FROM conversations c
LEFT JOIN grades g ON g.conversation_id = c.id
LEFT JOIN grade_reviews r ON r.conversation_id = c.id
WHERE c.status = 'ended' AND c.organization_id IS NOT NULL
GROUP BY c.organization_id, c.user_id;
--> statement-breakpoint
-- A review written, changed or removed refreshes its learner's row in the same transaction.
CREATE FUNCTION learner_stats_on_reviews() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM learner_stats_refresh(k.organization_id, k.user_id) FROM (
      SELECT DISTINCT c.organization_id, c.user_id FROM old_rows o JOIN conversations c ON c.id = o.conversation_id
      WHERE c.status = 'ended' AND c.organization_id IS NOT NULL ORDER BY 1, 2) k;
  ELSE
    PERFORM learner_stats_refresh(k.organization_id, k.user_id) FROM (
      SELECT DISTINCT c.organization_id, c.user_id FROM new_rows n JOIN conversations c ON c.id = n.conversation_id
      WHERE c.status = 'ended' AND c.organization_id IS NOT NULL ORDER BY 1, 2) k;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER learner_stats_reviews_insert AFTER INSERT ON grade_reviews
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION learner_stats_on_reviews();
--> statement-breakpoint
CREATE TRIGGER learner_stats_reviews_update AFTER UPDATE ON grade_reviews
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION learner_stats_on_reviews();
--> statement-breakpoint
CREATE TRIGGER learner_stats_reviews_delete AFTER DELETE ON grade_reviews
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION learner_stats_on_reviews();
--> statement-breakpoint
SELECT learner_stats_rebuild();
