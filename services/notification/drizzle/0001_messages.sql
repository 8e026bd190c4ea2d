CREATE TABLE "notification"."messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"template" text NOT NULL,
	"event_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"provider_message_id" text,
	CONSTRAINT "messages_template_event_id_unique" UNIQUE("template","event_id"),
	CONSTRAINT "messages_status_check" CHECK ("notification"."messages"."status" in ('queued', 'sent', 'logged', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "messages_due_idx" ON "notification"."messages" USING btree ("next_attempt_at") WHERE "notification"."messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "messages_created_at_idx" ON "notification"."messages" USING btree ("created_at");