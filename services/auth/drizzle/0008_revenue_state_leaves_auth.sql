ALTER TABLE "auth"."users" DROP CONSTRAINT "users_plan_status_known";--> statement-breakpoint
ALTER TABLE "auth"."users" DROP COLUMN "revenue_status_sequence";--> statement-breakpoint
ALTER TABLE "auth"."users" DROP COLUMN "reminder24h_sent_at";--> statement-breakpoint
ALTER TABLE "auth"."users" DROP COLUMN "reminder72h_sent_at";--> statement-breakpoint
ALTER TABLE "auth"."users" DROP COLUMN "reminder7d_sent_at";--> statement-breakpoint
ALTER TABLE "auth"."users" ADD CONSTRAINT "users_plan_status_known" CHECK ("auth"."users"."plan_status" in ('rs_pending', 'rs_active', 'regular'));