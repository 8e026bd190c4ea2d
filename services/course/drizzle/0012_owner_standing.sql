CREATE TABLE "course"."owner_standing" (
	"user_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"sequence" integer NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"blocked_since" timestamp with time zone,
	"blocked_before_consultation" boolean DEFAULT false NOT NULL
);
