CREATE TABLE "course"."lesson_transcodes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"source_file" text NOT NULL,
	"status" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "course"."course_lessons" ADD COLUMN "is_published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "course"."course_lessons" ADD COLUMN "hls_url" text;--> statement-breakpoint
ALTER TABLE "course"."course_lessons" ADD COLUMN "poster_url" text;--> statement-breakpoint
ALTER TABLE "course"."course_modules" ADD COLUMN "is_published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "course"."lesson_transcodes" ADD CONSTRAINT "lesson_transcodes_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "course"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_transcodes_lesson_idx" ON "course"."lesson_transcodes" USING btree ("lesson_id");