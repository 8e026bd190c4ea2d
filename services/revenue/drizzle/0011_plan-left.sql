ALTER TABLE "revenue"."payment_plans" ADD COLUMN "left_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "revenue"."payment_plans" ADD COLUMN "leave_reason" text;