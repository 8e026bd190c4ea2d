CREATE TABLE "payment"."invoice_counter" (
	"id" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment"."invoices" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoices_number_key" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "payment"."orders" ADD COLUMN "subscription_cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment"."invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "payment"."orders"("id") ON DELETE cascade ON UPDATE no action;