CREATE TABLE "course"."lesson_questions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"body" text NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" text,
	"is_published" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course"."lesson_questions" ADD CONSTRAINT "lesson_questions_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "course"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_questions_lesson_idx" ON "course"."lesson_questions" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "lesson_questions_open_idx" ON "course"."lesson_questions" USING btree ("asked_at") WHERE "course"."lesson_questions"."answered_at" is null;