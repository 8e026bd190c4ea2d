CREATE TABLE "course"."owner_standing" (
	"user_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"sequence" integer NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"blocked_since" timestamp with time zone,
	"blocked_before_consultation" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
-- The block moves from the plan status auth relayed (rs_blocked) to the owner's standing in the ledger
-- (docs/decisions/0075-each-service-owns-its-domain-s-state.md). Sequence 0: any standing revenue
-- announces next replaces it. The plan status becomes what auth records without the block.
INSERT INTO "course"."owner_standing" ("user_id", "status", "sequence", "changed_at", "blocked_since", "blocked_before_consultation")
SELECT "user_id", 'blocked', 0, "changed_at", coalesce("blocked_since", "changed_at"), "blocked_before_consultation"
FROM "course"."member_plan_status"
WHERE "plan_status" = 'rs_blocked'
ON CONFLICT ("user_id") DO NOTHING;
--> statement-breakpoint
UPDATE "course"."member_plan_status"
SET "plan_status" = CASE
  WHEN "blocked_before_consultation" AND "consultation_status" NOT IN ('submitted', 'approved') THEN 'rs_pending'
  ELSE 'rs_active'
END
WHERE "plan_status" = 'rs_blocked';
--> statement-breakpoint
ALTER TABLE "course"."member_plan_status" DROP COLUMN "blocked_since";--> statement-breakpoint
ALTER TABLE "course"."member_plan_status" DROP COLUMN "blocked_before_consultation";
