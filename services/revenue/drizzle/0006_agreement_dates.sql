CREATE TABLE "revenue"."agreement_date_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_plan_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"old_started_at" timestamp with time zone NOT NULL,
	"new_agreed_at" date NOT NULL,
	"reason" text NOT NULL,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "revenue"."agreement_date_changes" ADD CONSTRAINT "agreement_date_changes_payment_plan_id_payment_plans_id_fk" FOREIGN KEY ("payment_plan_id") REFERENCES "revenue"."payment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_date_changes_plan_idx" ON "revenue"."agreement_date_changes" USING btree ("payment_plan_id","changed_at");