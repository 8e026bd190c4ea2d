-- Whether an owner is blocked is the revenue service's standing, which the course service follows itself
-- (docs/decisions/0075-each-service-owns-its-domain-s-state.md): an owner auth marked rs_blocked gets the
-- plan status it records without the block (rs_active once the consultation is submitted or for a paid
-- course, rs_pending otherwise).
UPDATE "auth"."users" AS "u"
SET "plan_status" = CASE
  WHEN "u"."consultation_status" IN ('submitted', 'approved') OR EXISTS (
    SELECT 1 FROM "auth"."member_grants" AS "g"
    WHERE "g"."user_id" = "u"."id" AND "g"."granted_at" IS NOT NULL AND "g"."revoked_at" IS NULL AND "g"."total" > 0
  ) THEN 'rs_active'
  ELSE 'rs_pending'
END
WHERE "u"."plan_status" = 'rs_blocked';
