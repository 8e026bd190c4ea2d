CREATE TABLE "course"."course_access_grants" (
	"order_id" uuid NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"granted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "course_access_grants_pkey" PRIMARY KEY("order_id","course_id"),
	CONSTRAINT "course_access_grants_granted_or_revoked" CHECK ("course"."course_access_grants"."granted_at" is not null or "course"."course_access_grants"."revoked_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "course"."course_enrollments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"course_id" integer NOT NULL,
	"enrolled_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"purchased_at" timestamp with time zone,
	"order_id" uuid,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "course_enrollments_user_course_unique" UNIQUE("user_id","course_id")
);
--> statement-breakpoint
ALTER TABLE "course"."course_enrollments" ADD CONSTRAINT "course_enrollments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "course"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_access_grants_user_course_idx" ON "course"."course_access_grants" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "course_enrollments_order_id_idx" ON "course"."course_enrollments" USING btree ("order_id");