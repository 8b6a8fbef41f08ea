CREATE TABLE "organization_stats_versions" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_stats_versions" ADD CONSTRAINT "organization_stats_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The organisation statistics answer (members, their names and emails, their groups, the groups
-- themselves and each member's learner_stats row) changes only through the writes below. Each one
-- marks its organisations in the same transaction: version := this transaction's id. A transaction id
-- is never reused in the cluster, so (organization, version) names one committed state of the answer,
-- whatever instance reads it, and app instances cache the assembled answer under that key.
-- Rows are locked in key order (two writers touching the same organisations cannot deadlock here);
-- an organisation being deleted is skipped (its row goes with it).
CREATE FUNCTION organization_stats_touch(p_orgs uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO organization_stats_versions AS v (organization_id, version)
  SELECT o.id, pg_current_xact_id()::text::bigint FROM organizations o WHERE o.id = ANY(p_orgs) ORDER BY o.id
  ON CONFLICT (organization_id) DO UPDATE SET version = excluded.version
  WHERE v.version IS DISTINCT FROM excluded.version;
$$;
--> statement-breakpoint
-- learner_stats: inserted or deleted rows, and updates that change a number (the refresh rewrites
-- updated_at even when nothing else moved).
CREATE FUNCTION organization_stats_on_learner_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM organization_stats_touch(array(SELECT DISTINCT n.organization_id FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM organization_stats_touch(array(SELECT DISTINCT o.organization_id FROM old_rows o));
  ELSE
    PERFORM organization_stats_touch(array(
      SELECT DISTINCT x.organization_id
      FROM old_rows o FULL JOIN new_rows n ON n.organization_id = o.organization_id AND n.user_id = o.user_id,
        LATERAL (VALUES (o.organization_id), (n.organization_id)) AS x(organization_id)
      WHERE x.organization_id IS NOT NULL
        AND (to_jsonb(o) - 'updated_at') IS DISTINCT FROM (to_jsonb(n) - 'updated_at')));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- memberships and groups carry organization_id: any row written (a role change included: rare).
CREATE FUNCTION organization_stats_on_org_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM organization_stats_touch(array(SELECT DISTINCT n.organization_id FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM organization_stats_touch(array(SELECT DISTINCT o.organization_id FROM old_rows o));
  ELSE
    PERFORM organization_stats_touch(array(
      SELECT o.organization_id FROM old_rows o UNION SELECT n.organization_id FROM new_rows n));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- group_members: the organisation of the group (a group deleted with its members touched it already).
CREATE FUNCTION organization_stats_on_group_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM organization_stats_touch(array(
      SELECT DISTINCT g.organization_id FROM new_rows n JOIN groups g ON g.id = n.group_id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM organization_stats_touch(array(
      SELECT DISTINCT g.organization_id FROM old_rows o JOIN groups g ON g.id = o.group_id));
  ELSE
    PERFORM organization_stats_touch(array(
      SELECT g.organization_id FROM old_rows o JOIN groups g ON g.id = o.group_id
      UNION SELECT g.organization_id FROM new_rows n JOIN groups g ON g.id = n.group_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- users: a changed name or email, in every organisation the user belongs to (sign-ins, password and
-- role changes touch nothing).
CREATE FUNCTION organization_stats_on_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM organization_stats_touch(array(
    SELECT DISTINCT m.organization_id
    FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN memberships m ON m.user_id = n.id
    WHERE o.name IS DISTINCT FROM n.name OR o.email IS DISTINCT FROM n.email));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER organization_stats_learner_stats_insert AFTER INSERT ON learner_stats
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_stats_on_learner_stats();
--> statement-breakpoint
CREATE TRIGGER organization_stats_learner_stats_update AFTER UPDATE ON learner_stats
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_stats_on_learner_stats();
--> statement-breakpoint
CREATE TRIGGER organization_stats_learner_stats_delete AFTER DELETE ON learner_stats
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_stats_on_learner_stats();
--> statement-breakpoint
CREATE TRIGGER organization_stats_memberships_insert AFTER INSERT ON memberships
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_stats_on_org_rows();
--> statement-breakpoint
CREATE TRIGGER organization_stats_memberships_update AFTER UPDATE ON memberships
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_stats_on_org_rows();
--> statement-breakpoint
CREATE TRIGGER organization_stats_memberships_delete AFTER DELETE ON memberships
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_stats_on_org_rows();
--> statement-breakpoint
CREATE TRIGGER organization_stats_groups_insert AFTER INSERT ON groups
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_stats_on_org_rows();
--> statement-breakpoint
CREATE TRIGGER organization_stats_groups_update AFTER UPDATE ON groups
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_stats_on_org_rows();
--> statement-breakpoint
CREATE TRIGGER organization_stats_groups_delete AFTER DELETE ON groups
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_stats_on_org_rows();
--> statement-breakpoint
CREATE TRIGGER organization_stats_group_members_insert AFTER INSERT ON group_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_stats_on_group_members();
--> statement-breakpoint
CREATE TRIGGER organization_stats_group_members_update AFTER UPDATE ON group_members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_stats_on_group_members();
--> statement-breakpoint
CREATE TRIGGER organization_stats_group_members_delete AFTER DELETE ON group_members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_stats_on_group_members();
--> statement-breakpoint
CREATE TRIGGER organization_stats_users_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_stats_on_users();
