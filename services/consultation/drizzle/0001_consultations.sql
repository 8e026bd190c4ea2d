CREATE TABLE "consultation"."add_files_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation"."contact_submissions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"restaurant_name" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation"."rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "consultation"."consultation_files" (
	"id" text PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"kind" text NOT NULL,
	"object_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_files_object_key_unique" UNIQUE("object_key"),
	CONSTRAINT "consultation_files_size_nonnegative" CHECK ("consultation"."consultation_files"."size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "consultation"."consultation_submissions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"business_name" text NOT NULL,
	"owner_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"restaurant_name" text NOT NULL,
	"restaurant_phone" text,
	"location" text NOT NULL,
	"current_challenges" text NOT NULL,
	"consultation_goals" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"upload_token_hash" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"admin_notes" text,
	"consultation_response" text,
	"response_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_submissions_upload_token_hash_unique" UNIQUE("upload_token_hash")
);
--> statement-breakpoint
ALTER TABLE "consultation"."add_files_links" ADD CONSTRAINT "add_files_links_submission_id_consultation_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "consultation"."consultation_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation"."consultation_files" ADD CONSTRAINT "consultation_files_submission_id_consultation_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "consultation"."consultation_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "add_files_links_submission_idx" ON "consultation"."add_files_links" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "consultation_files_submission_idx" ON "consultation"."consultation_files" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE INDEX "consultation_submissions_email_idx" ON "consultation"."consultation_submissions" USING btree ("email");--> statement-breakpoint
CREATE INDEX "consultation_submissions_user_idx" ON "consultation"."consultation_submissions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "consultation_submissions_submitted_idx" ON "consultation"."consultation_submissions" USING btree ("submitted_at");