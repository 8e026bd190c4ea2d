CREATE TABLE "payment"."automatic_refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"requested_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment"."revenue_share_dues" (
	"report_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"amount_due" bigint NOT NULL,
	"verified" boolean NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"sequence" integer NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	CONSTRAINT "revenue_share_dues_amount_nonnegative" CHECK ("payment"."revenue_share_dues"."amount_due" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payment"."orders" ALTER COLUMN "billing_info" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment"."orders" ADD COLUMN "revenue_report_id" uuid;--> statement-breakpoint
ALTER TABLE "payment"."orders" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "payment"."test_checkout_sessions" ADD COLUMN "failure_url" text;--> statement-breakpoint
ALTER TABLE "payment"."automatic_refunds" ADD CONSTRAINT "automatic_refunds_id_orders_id_fk" FOREIGN KEY ("id") REFERENCES "payment"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revenue_share_dues_user_idx" ON "payment"."revenue_share_dues" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_revenue_report_idx" ON "payment"."orders" USING btree ("revenue_report_id") WHERE "payment"."orders"."revenue_report_id" is not null;