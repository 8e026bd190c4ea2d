CREATE TABLE "auth"."password_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_tokens_purpose_known" CHECK ("auth"."password_tokens"."purpose" in ('reset', 'setup'))
);
--> statement-breakpoint
CREATE TABLE "auth"."sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auth"."users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"profile_image_url" text,
	"role" text DEFAULT 'user' NOT NULL,
	"is_member" boolean DEFAULT false NOT NULL,
	"member_since" timestamp with time zone,
	"subscription_status" text DEFAULT 'inactive' NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"revenue_share_consent_at" timestamp with time zone,
	"terms_version" text,
	"plan_status" text DEFAULT 'regular' NOT NULL,
	"consultation_status" text DEFAULT 'not_started' NOT NULL,
	"reminder24h_sent_at" timestamp with time zone,
	"reminder72h_sent_at" timestamp with time zone,
	"reminder7d_sent_at" timestamp with time zone,
	"oidc_subject" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lower_case" CHECK ("auth"."users"."email" = lower("auth"."users"."email")),
	CONSTRAINT "users_role_known" CHECK ("auth"."users"."role" in ('user', 'admin')),
	CONSTRAINT "users_subscription_status_known" CHECK ("auth"."users"."subscription_status" in ('active', 'inactive', 'trial', 'cancelled')),
	CONSTRAINT "users_plan_status_known" CHECK ("auth"."users"."plan_status" in ('rs_pending', 'rs_active', 'rs_blocked', 'regular')),
	CONSTRAINT "users_consultation_status_known" CHECK ("auth"."users"."consultation_status" in ('not_started', 'in_progress', 'submitted', 'approved'))
);
--> statement-breakpoint
ALTER TABLE "auth"."password_tokens" ADD CONSTRAINT "password_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_tokens_user_id_idx" ON "auth"."password_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "auth"."sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "auth"."users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "auth"."users" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_subject_key" ON "auth"."users" USING btree ("oidc_subject");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "auth"."users" USING btree ("role");