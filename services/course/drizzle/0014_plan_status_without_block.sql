ALTER TABLE "course"."member_plan_status" DROP COLUMN "blocked_since";--> statement-breakpoint
ALTER TABLE "course"."member_plan_status" DROP COLUMN "blocked_before_consultation";