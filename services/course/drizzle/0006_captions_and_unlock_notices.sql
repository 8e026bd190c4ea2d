CREATE TABLE "course"."section_unlock_notices" (
	"user_id" text NOT NULL,
	"module_id" integer NOT NULL,
	"notified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "section_unlock_notices_pkey" PRIMARY KEY("user_id","module_id")
);
--> statement-breakpoint
ALTER TABLE "course"."course_lessons" ADD COLUMN "captions_file" text;--> statement-breakpoint
ALTER TABLE "course"."section_unlock_notices" ADD CONSTRAINT "section_unlock_notices_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "course"."course_modules"("id") ON DELETE cascade ON UPDATE no action;