CREATE TABLE "consultation"."call_availability" (
	"id" text PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"slot_minutes" integer NOT NULL,
	"windows" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation"."call_bookings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"owner_time_zone" text NOT NULL,
	"admin_time_zone" text NOT NULL,
	"booked_by_user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "call_bookings_ends_after_start" CHECK ("consultation"."call_bookings"."ends_at" > "consultation"."call_bookings"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "consultation"."call_bookings" ADD CONSTRAINT "call_bookings_submission_id_consultation_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "consultation"."consultation_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_bookings_live_slot_unique" ON "consultation"."call_bookings" USING btree ("starts_at") WHERE "consultation"."call_bookings"."status" = 'booked';--> statement-breakpoint
CREATE UNIQUE INDEX "call_bookings_live_submission_unique" ON "consultation"."call_bookings" USING btree ("submission_id") WHERE "consultation"."call_bookings"."status" = 'booked';