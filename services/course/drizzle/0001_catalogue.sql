CREATE TABLE "course"."course_lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"module_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"video_url" text,
	"order_index" integer NOT NULL,
	"estimated_minutes" integer,
	"duration" double precision DEFAULT 0 NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"key_points" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_lessons_module_order_unique" UNIQUE("module_id","order_index"),
	CONSTRAINT "course_lessons_duration_nonnegative" CHECK ("course"."course_lessons"."duration" >= 0)
);
--> statement-breakpoint
CREATE TABLE "course"."course_modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"order_index" integer NOT NULL,
	"available_after_days" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_modules_course_order_unique" UNIQUE("course_id","order_index"),
	CONSTRAINT "course_modules_available_after_days_nonnegative" CHECK ("course"."course_modules"."available_after_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "course"."courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"thumbnail" text,
	"difficulty" text DEFAULT 'beginner' NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_price_nonnegative" CHECK ("course"."courses"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "course"."products" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"compare_at_price" integer,
	"category" text NOT NULL,
	"image" text NOT NULL,
	"course_id" integer,
	"badge" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_id_slug" CHECK ("course"."products"."id" ~ '^[a-z0-9-]+$'),
	CONSTRAINT "products_price_nonnegative" CHECK ("course"."products"."price" >= 0),
	CONSTRAINT "products_compare_at_price_nonnegative" CHECK ("course"."products"."compare_at_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "course"."seeds" (
	"name" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course"."course_lessons" ADD CONSTRAINT "course_lessons_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "course"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course"."course_modules" ADD CONSTRAINT "course_modules_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "course"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course"."products" ADD CONSTRAINT "products_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "course"."courses"("id") ON DELETE set null ON UPDATE no action;