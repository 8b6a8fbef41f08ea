-- Status: ADOPTED. Equivalent indexes now ship in db/migrations/0001_stats_covering_indexes.sql
-- (conversations_org_user_cover_idx, grades_conversation_score_idx), so a migrated bench database
-- already has them. This file stays as the template for measuring the next proposal with
-- `npm run bench -- --proposed-indexes` (created before the run, dropped after).
-- Indexes proposed for the organisation stats query (db/queries/organization-stats.ts,
-- selectMemberAggregates). `npm run bench -- --proposed-indexes` creates them in the bench
-- database before measuring and drops them afterwards, so the gain can be reproduced.
-- The org's ended conversations without touching the heap (index-only scan):
create index if not exists conversations_org_status_cover_idx on conversations (organization_id, status) include (user_id, id, started_at, ended_at);
-- Score and status per conversation without reading the wide grade rows (feedback jsonb):
create index if not exists grades_conversation_score_idx on grades (conversation_id) include (status, score);
vacuum analyze conversations;
vacuum analyze grades;
