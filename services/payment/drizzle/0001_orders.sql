CREATE TABLE "payment"."catalogue_products" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"course_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "catalogue_products_price_nonnegative" CHECK ("payment"."catalogue_products"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment"."catalogue_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment"."fulfilments" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"event_id" uuid,
	"fulfilled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment"."order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" text NOT NULL,
	"name" text NOT NULL,
	"unit_price" integer NOT NULL,
	"quantity" integer NOT NULL,
	"course_id" integer,
	CONSTRAINT "order_lines_order_position_unique" UNIQUE("order_id","position"),
	CONSTRAINT "order_lines_quantity_positive" CHECK ("payment"."order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_unit_price_nonnegative" CHECK ("payment"."order_lines"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment"."orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"provider_session_id" text,
	"provider_payment_id" text,
	"customer_email" text NOT NULL,
	"customer_first_name" text NOT NULL,
	"customer_last_name" text NOT NULL,
	"billing_info" jsonb NOT NULL,
	"placed_by_user_id" text,
	"total" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"problem" text,
	"refund_id" text,
	"refund_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	CONSTRAINT "orders_provider_session_unique" UNIQUE("provider","provider_session_id"),
	CONSTRAINT "orders_total_positive" CHECK ("payment"."orders"."total" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment"."provider_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"provider_session_id" text,
	"order_id" uuid,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "provider_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment"."test_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"lines" jsonb NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"customer_email" text NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"payment_id" text,
	"refund_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment"."fulfilments" ADD CONSTRAINT "fulfilments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "payment"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment"."order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "payment"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "payment"."orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_pending_check_idx" ON "payment"."orders" USING btree ("next_check_at") WHERE "payment"."orders"."status" = 'pending';