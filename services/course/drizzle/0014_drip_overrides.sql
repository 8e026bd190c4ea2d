CREATE TABLE "course"."drip_override_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"admin_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course"."learner_drip" (
	"user_id" text PRIMARY KEY NOT NULL,
	"unlocked_all_at" timestamp with time zone,
	"schedule_restarted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "course"."learner_names" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "drip_override_log_user_idx" ON "course"."drip_override_log" USING btree ("user_id","created_at");