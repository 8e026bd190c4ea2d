CREATE TABLE "payment"."coupon_redemptions" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"coupon_id" uuid NOT NULL,
	"account_email" text NOT NULL,
	"redeemed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment"."coupons" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off" integer,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_redemptions" integer,
	"once_per_customer" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupons_code_unique" UNIQUE("code"),
	CONSTRAINT "coupons_one_kind" CHECK (("payment"."coupons"."percent_off" is null) <> ("payment"."coupons"."amount_off" is null)),
	CONSTRAINT "coupons_percent_range" CHECK ("payment"."coupons"."percent_off" between 1 and 100),
	CONSTRAINT "coupons_amount_positive" CHECK ("payment"."coupons"."amount_off" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment"."orders" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment"."orders" ADD COLUMN "coupon_id" uuid;--> statement-breakpoint
ALTER TABLE "payment"."orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "payment"."coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "payment"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment"."coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "payment"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_idx" ON "payment"."coupon_redemptions" USING btree ("coupon_id","account_email");--> statement-breakpoint
ALTER TABLE "payment"."orders" ADD CONSTRAINT "orders_discount_nonnegative" CHECK ("payment"."orders"."discount" >= 0);