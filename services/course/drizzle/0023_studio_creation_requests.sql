ALTER TABLE "course"."course_lessons" ADD COLUMN "creation_request_id" uuid;--> statement-breakpoint
ALTER TABLE "course"."course_lessons" ADD COLUMN "creation_fingerprint" text;--> statement-breakpoint
ALTER TABLE "course"."course_modules" ADD COLUMN "creation_request_id" uuid;--> statement-breakpoint
ALTER TABLE "course"."course_modules" ADD COLUMN "creation_fingerprint" text;--> statement-breakpoint
ALTER TABLE "course"."course_lessons" ADD CONSTRAINT "course_lessons_creation_request_unique" UNIQUE("creation_request_id");--> statement-breakpoint
ALTER TABLE "course"."course_modules" ADD CONSTRAINT "course_modules_creation_request_unique" UNIQUE("creation_request_id");