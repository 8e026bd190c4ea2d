DROP INDEX "revenue"."reminders_automatic_once_key";--> statement-breakpoint
ALTER TABLE "revenue"."reminders" ADD COLUMN "step" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_automatic_once_key" ON "revenue"."reminders" USING btree ("user_id","kind","period_key","step") WHERE "revenue"."reminders"."trigger" = 'automatic';