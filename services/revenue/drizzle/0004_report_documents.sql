CREATE TABLE "revenue"."report_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"report_id" uuid NOT NULL,
	"object_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "revenue"."report_documents" ADD CONSTRAINT "report_documents_report_id_revenue_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "revenue"."revenue_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_documents_report_idx" ON "revenue"."report_documents" USING btree ("report_id","uploaded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_documents_object_key_key" ON "revenue"."report_documents" USING btree ("object_key");