CREATE TABLE "revenue"."report_disputes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"report_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"resolution" text,
	"previous_share_owed" bigint,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "report_disputes_status_known" CHECK ("revenue"."report_disputes"."status" in ('open', 'accepted', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "revenue"."report_disputes" ADD CONSTRAINT "report_disputes_report_id_revenue_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "revenue"."revenue_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_disputes_report_key" ON "revenue"."report_disputes" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "report_disputes_user_idx" ON "revenue"."report_disputes" USING btree ("user_id");