CREATE TABLE "notification"."erased_users" (
	"user_id" text PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone NOT NULL
);
