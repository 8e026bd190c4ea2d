CREATE TABLE "notification"."nudge_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"section_unlocked" boolean DEFAULT true NOT NULL,
	"inactivity" boolean DEFAULT true NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "nudge_preferences_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
ALTER TABLE "notification"."messages" ADD COLUMN "headers" jsonb;