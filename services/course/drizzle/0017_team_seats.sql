CREATE TABLE "course"."team_seats" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"course_ids" jsonb NOT NULL,
	"member_user_id" text,
	"invited_at" timestamp with time zone NOT NULL,
	"joined_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "team_seats_open_owner_email_unique" ON "course"."team_seats" USING btree ("owner_id","email") WHERE "course"."team_seats"."status" in ('invited', 'active');--> statement-breakpoint
CREATE INDEX "team_seats_member_idx" ON "course"."team_seats" USING btree ("member_user_id");