CREATE TABLE "revenue"."share_collections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"report_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"amount" bigint NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"failure" text,
	"failure_message" text,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "revenue"."share_collections" ADD CONSTRAINT "share_collections_report_id_revenue_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "revenue"."revenue_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "share_collections_report_attempt_key" ON "revenue"."share_collections" USING btree ("report_id","attempt");