CREATE TABLE "course"."customer_access_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"course_id" integer NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"admin_id" text NOT NULL,
	"admin_email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_access_log_action_known" CHECK ("course"."customer_access_log"."action" in ('grant', 'revoke'))
);
--> statement-breakpoint
CREATE INDEX "customer_access_log_user_idx" ON "course"."customer_access_log" USING btree ("user_id","created_at");