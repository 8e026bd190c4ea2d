CREATE TABLE "payment"."saved_card_changes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"sequence" integer NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
