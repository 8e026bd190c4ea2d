CREATE TABLE "course"."plan_pause_states" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"paused" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
