CREATE TABLE "payment"."subscription_renewals" (
	"invoice_id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"subscription_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"paid_at" timestamp with time zone NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment"."catalogue_products" ADD COLUMN "billing_interval" text;--> statement-breakpoint
ALTER TABLE "payment"."catalogue_products" ADD COLUMN "billing_interval_count" integer;--> statement-breakpoint
ALTER TABLE "payment"."order_lines" ADD COLUMN "billing_interval" text;--> statement-breakpoint
ALTER TABLE "payment"."order_lines" ADD COLUMN "billing_interval_count" integer;--> statement-breakpoint
ALTER TABLE "payment"."orders" ADD COLUMN "provider_subscription_id" text;--> statement-breakpoint
ALTER TABLE "payment"."orders" ADD COLUMN "subscription_ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment"."subscription_renewals" ADD CONSTRAINT "subscription_renewals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "payment"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment"."orders" ADD CONSTRAINT "orders_provider_subscription_unique" UNIQUE("provider","provider_subscription_id");