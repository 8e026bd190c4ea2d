CREATE TABLE "payment"."payment_plans" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"total" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paused_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment"."plan_charges" (
	"order_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"attempt" integer NOT NULL,
	"outcome" text NOT NULL,
	"message" text,
	"attempted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "plan_charges_pkey" PRIMARY KEY("order_id","number","attempt")
);
--> statement-breakpoint
CREATE TABLE "payment"."plan_instalments" (
	"order_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"amount" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"provider_payment_id" text,
	"refunded_at" timestamp with time zone,
	"last_failure" text,
	CONSTRAINT "plan_instalments_pkey" PRIMARY KEY("order_id","number"),
	CONSTRAINT "plan_instalments_amount_positive" CHECK ("payment"."plan_instalments"."amount" > 0)
);
--> statement-breakpoint
CREATE INDEX "payment_plans_status_idx" ON "payment"."payment_plans" USING btree ("status");--> statement-breakpoint
CREATE INDEX "plan_instalments_unpaid_idx" ON "payment"."plan_instalments" USING btree ("due_at") WHERE "payment"."plan_instalments"."paid_at" is null;