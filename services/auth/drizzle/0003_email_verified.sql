ALTER TABLE "auth"."users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- Accounts that already proved their address: a used set-password link, or an OpenID Connect sign-in.
UPDATE "auth"."users" AS u SET "email_verified_at" = p."used_at"
  FROM (SELECT "user_id", min("used_at") AS "used_at" FROM "auth"."password_tokens"
         WHERE "used_at" IS NOT NULL GROUP BY "user_id") AS p
 WHERE p."user_id" = u."id" AND u."email_verified_at" IS NULL;--> statement-breakpoint
UPDATE "auth"."users" SET "email_verified_at" = "updated_at"
 WHERE "oidc_subject" IS NOT NULL AND "email_verified_at" IS NULL;
