CREATE TABLE "auth"."member_grants" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"course_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"granted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "member_grants_granted_or_revoked" CHECK (("auth"."member_grants"."granted_at" is not null and "auth"."member_grants"."user_id" is not null) or "auth"."member_grants"."revoked_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "auth"."member_grants" ADD CONSTRAINT "member_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_grants_user_id_idx" ON "auth"."member_grants" USING btree ("user_id");