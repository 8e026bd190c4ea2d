ALTER TABLE "course"."course_lessons" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "course"."course_modules" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;