CREATE TABLE "revenue"."baseline_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_plan_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"old_baseline_net_revenue" bigint NOT NULL,
	"new_baseline_net_revenue" bigint NOT NULL,
	"reason" text NOT NULL,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "baseline_changes_nonnegative" CHECK ("revenue"."baseline_changes"."old_baseline_net_revenue" >= 0 and "revenue"."baseline_changes"."new_baseline_net_revenue" >= 0)
);
--> statement-breakpoint
ALTER TABLE "revenue"."baseline_changes" ADD CONSTRAINT "baseline_changes_payment_plan_id_payment_plans_id_fk" FOREIGN KEY ("payment_plan_id") REFERENCES "revenue"."payment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "baseline_changes_plan_idx" ON "revenue"."baseline_changes" USING btree ("payment_plan_id","changed_at");