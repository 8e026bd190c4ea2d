CREATE TABLE "revenue"."catalogue_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revenue"."jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "revenue"."membership_products" (
	"product_id" text PRIMARY KEY NOT NULL,
	"billing_interval" text NOT NULL,
	"billing_interval_count" integer NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revenue"."paid_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"email" text,
	"provider" text,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "revenue"."payment_plans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"plan_type" text DEFAULT 'revenue_share' NOT NULL,
	"monthly_amount" integer DEFAULT 30000 NOT NULL,
	"revenue_share_percentage" integer DEFAULT 10 NOT NULL,
	"baseline_net_revenue" bigint DEFAULT 0 NOT NULL,
	"terms_version" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"revenue_share_start_date" timestamp with time zone NOT NULL,
	"revenue_share_active" boolean DEFAULT true NOT NULL,
	"implementation_period_started_at" timestamp with time zone NOT NULL,
	"implementation_period_ends_at" timestamp with time zone NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"consultation_status" text DEFAULT 'not_started' NOT NULL,
	"plan_status" text,
	"profile_changed_at" timestamp with time zone,
	"customer_status" text DEFAULT 'current' NOT NULL,
	"customer_status_changed_at" timestamp with time zone,
	"customer_status_sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_plans_baseline_nonnegative" CHECK ("revenue"."payment_plans"."baseline_net_revenue" >= 0),
	CONSTRAINT "payment_plans_customer_status_known" CHECK ("revenue"."payment_plans"."customer_status" in ('current', 'overdue', 'blocked'))
);
--> statement-breakpoint
CREATE TABLE "revenue"."reminders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"plan_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"period_key" text DEFAULT '' NOT NULL,
	"trigger" text NOT NULL,
	"requested_by" text,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revenue"."revenue_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_plan_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"reporting_period_start" date NOT NULL,
	"reporting_period_end" date NOT NULL,
	"gross_revenue" bigint NOT NULL,
	"business_expenses" bigint DEFAULT 0 NOT NULL,
	"net_revenue" bigint NOT NULL,
	"baseline_net_revenue" bigint NOT NULL,
	"revenue_increase" bigint NOT NULL,
	"share_owed" bigint NOT NULL,
	"share_percentage" integer DEFAULT 10 NOT NULL,
	"amount_paid" bigint DEFAULT 0 NOT NULL,
	"share_paid" boolean DEFAULT false NOT NULL,
	"share_paid_at" timestamp with time zone,
	"stripe_payment_intent_id" text,
	"supporting_documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text,
	"verified" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"admin_notes" text,
	"due_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "revenue_reports_period_ordered" CHECK ("revenue"."revenue_reports"."reporting_period_end" >= "revenue"."revenue_reports"."reporting_period_start"),
	CONSTRAINT "revenue_reports_paid_within_share" CHECK ("revenue"."revenue_reports"."amount_paid" >= 0 and "revenue"."revenue_reports"."amount_paid" <= "revenue"."revenue_reports"."share_owed")
);
--> statement-breakpoint
CREATE TABLE "revenue"."share_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"report_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"recorded_by" text,
	"order_id" uuid,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "share_payments_amount_positive" CHECK ("revenue"."share_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "revenue"."reminders" ADD CONSTRAINT "reminders_plan_id_payment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "revenue"."payment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue"."revenue_reports" ADD CONSTRAINT "revenue_reports_payment_plan_id_payment_plans_id_fk" FOREIGN KEY ("payment_plan_id") REFERENCES "revenue"."payment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue"."share_payments" ADD CONSTRAINT "share_payments_report_id_revenue_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "revenue"."revenue_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paid_orders_paid_at_idx" ON "revenue"."paid_orders" USING btree ("paid_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_plans_user_plan_type_key" ON "revenue"."payment_plans" USING btree ("user_id","plan_type");--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_automatic_once_key" ON "revenue"."reminders" USING btree ("user_id","kind","period_key") WHERE "revenue"."reminders"."trigger" = 'automatic';--> statement-breakpoint
CREATE INDEX "reminders_user_idx" ON "revenue"."reminders" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "revenue_reports_user_period_key" ON "revenue"."revenue_reports" USING btree ("user_id","reporting_period_start","reporting_period_end");--> statement-breakpoint
CREATE INDEX "revenue_reports_plan_idx" ON "revenue"."revenue_reports" USING btree ("payment_plan_id");--> statement-breakpoint
CREATE INDEX "share_payments_report_idx" ON "revenue"."share_payments" USING btree ("report_id");--> statement-breakpoint
CREATE UNIQUE INDEX "share_payments_order_key" ON "revenue"."share_payments" USING btree ("order_id");