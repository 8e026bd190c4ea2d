CREATE TABLE "course"."learning_nudges" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "learning_nudges_pkey" PRIMARY KEY("user_id","kind","key")
);
