CREATE TABLE "revenue"."audit_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"report_id" uuid,
	"user_id" text NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "revenue"."share_credits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_plan_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"report_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "share_credits_amount_nonzero" CHECK ("revenue"."share_credits"."amount" <> 0)
);
--> statement-breakpoint
DROP INDEX "revenue"."revenue_reports_user_period_key";--> statement-breakpoint
ALTER TABLE "revenue"."revenue_reports" ADD COLUMN "estimated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "revenue"."revenue_reports" ADD COLUMN "estimate_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "revenue"."revenue_reports" ADD COLUMN "replaced_by_report_id" uuid;--> statement-breakpoint
ALTER TABLE "revenue"."share_credits" ADD CONSTRAINT "share_credits_payment_plan_id_payment_plans_id_fk" FOREIGN KEY ("payment_plan_id") REFERENCES "revenue"."payment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_entries_report_idx" ON "revenue"."audit_entries" USING btree ("report_id","seq");--> statement-breakpoint
CREATE INDEX "audit_entries_user_idx" ON "revenue"."audit_entries" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "share_credits_plan_idx" ON "revenue"."share_credits" USING btree ("payment_plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "revenue_reports_estimate_period_key" ON "revenue"."revenue_reports" USING btree ("user_id","reporting_period_start","reporting_period_end") WHERE "revenue"."revenue_reports"."estimated" = true;--> statement-breakpoint
CREATE UNIQUE INDEX "revenue_reports_user_period_key" ON "revenue"."revenue_reports" USING btree ("user_id","reporting_period_start","reporting_period_end") WHERE "revenue"."revenue_reports"."estimated" = false;--> statement-breakpoint
CREATE FUNCTION "revenue"."audit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'revenue.audit_entries is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_entries_append_only" BEFORE UPDATE OR DELETE ON "revenue"."audit_entries" FOR EACH ROW EXECUTE FUNCTION "revenue"."audit_entries_append_only"();
