-- The organisation's learner table counts practice only: a real call uploaded to be graded (issue 25) is
-- not practice, as the dashboard, assignment attempts and the practice charts already treat it.
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
WHERE c.status = 'ended' AND c.organization_id IS NOT NULL AND c.source = 'practice'
GROUP BY c.organization_id, c.user_id;
--> statement-breakpoint
SELECT learner_stats_rebuild();
