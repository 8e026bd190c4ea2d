CREATE TABLE "course"."lesson_progress" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"lesson_id" integer NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"position_seconds" integer DEFAULT 0 NOT NULL,
	"last_accessed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lesson_progress_user_lesson_unique" UNIQUE("user_id","lesson_id"),
	CONSTRAINT "lesson_progress_position_nonnegative" CHECK ("course"."lesson_progress"."position_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "course"."member_plan_status" (
	"user_id" text PRIMARY KEY NOT NULL,
	"plan_status" text NOT NULL,
	"consultation_status" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course"."module_progress" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"module_id" integer NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"last_accessed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "module_progress_user_module_unique" UNIQUE("user_id","module_id")
);
--> statement-breakpoint
ALTER TABLE "course"."lesson_progress" ADD CONSTRAINT "lesson_progress_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "course"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course"."module_progress" ADD CONSTRAINT "module_progress_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "course"."course_modules"("id") ON DELETE cascade ON UPDATE no action;