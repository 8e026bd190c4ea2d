CREATE TABLE "revenue"."agreements" (
	"payment_plan_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"terms_version" text NOT NULL,
	"email" text NOT NULL,
	"owner_name" text,
	"revenue_share_percentage" integer NOT NULL,
	"baseline_net_revenue" bigint NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"implementation_ends_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone,
	CONSTRAINT "agreements_baseline_nonnegative" CHECK ("revenue"."agreements"."baseline_net_revenue" >= 0)
);
--> statement-breakpoint
ALTER TABLE "revenue"."agreements" ADD CONSTRAINT "agreements_payment_plan_id_payment_plans_id_fk" FOREIGN KEY ("payment_plan_id") REFERENCES "revenue"."payment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_user_key" ON "revenue"."agreements" USING btree ("user_id");