CREATE TABLE "consultation"."consultation_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"author" text NOT NULL,
	"author_user_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultation"."consultation_messages" ADD CONSTRAINT "consultation_messages_submission_id_consultation_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "consultation"."consultation_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_messages_submission_idx" ON "consultation"."consultation_messages" USING btree ("submission_id","created_at");