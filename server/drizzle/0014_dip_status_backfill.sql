-- Projects registered before registration set the design-in status get the status their board's process starts
-- with (the apps ask for a process only when a project has a status). A one-off copy of `dipWaitingFor` over the
-- first applicable step (@portal/resources): projects that acted on a step already carry their status.
UPDATE "projects" p SET "dip_status" = CASE
    WHEN cardinality(array_remove(s.resolver_roles, 'nobody')) = 0 THEN 'assigned-to-nobody'
    WHEN (s.resolver_roles && ARRAY['project-member', 'csa', 'project-owner']) AND 'fae' = ANY (s.resolver_roles)
      THEN 'in-progress'
    WHEN s.resolver_roles && ARRAY['project-member', 'csa'] THEN 'assigned-to-member'
    WHEN 'project-owner' = ANY (s.resolver_roles) THEN 'assigned-to-owner'
    ELSE 'assigned-to-provider'
  END
FROM "boards" b, LATERAL (
  SELECT d.resolver_roles FROM "dip_steps" d
  WHERE d.board_id = b.id AND d.removed_at IS NULL AND d.secure = b.secure
  ORDER BY d.position, d.created_at, d.id LIMIT 1
) s
WHERE p.board_id = b.id AND p.dip_status IS NULL
  AND NOT EXISTS (SELECT 1 FROM "dip_step_results" r WHERE r.project_id = p.id);
