CREATE TABLE "payment"."owned_products" (
	"account_email" text NOT NULL,
	"product_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "owned_products_account_email_product_id_pk" PRIMARY KEY("account_email","product_id")
);
--> statement-breakpoint
ALTER TABLE "payment"."orders" ADD COLUMN "account_email" text;--> statement-breakpoint
ALTER TABLE "payment"."owned_products" ADD CONSTRAINT "owned_products_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "payment"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "owned_products_order_idx" ON "payment"."owned_products" USING btree ("order_id");