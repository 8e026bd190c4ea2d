CREATE TABLE "revenue"."cards_on_file" (
	"user_id" text PRIMARY KEY NOT NULL,
	"brand" text,
	"last4" text,
	"exp_month" integer,
	"exp_year" integer,
	"sequence" integer NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
