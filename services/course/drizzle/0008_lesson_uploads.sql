CREATE TABLE "course"."jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "course"."lesson_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"uploaded_by" text NOT NULL,
	"lesson_id" integer,
	"original_name" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" double precision NOT NULL,
	"finished_at" timestamp with time zone NOT NULL
);
