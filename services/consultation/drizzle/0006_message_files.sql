CREATE TABLE "consultation"."consultation_message_files" (
	"id" text PRIMARY KEY NOT NULL,
	"message_id" uuid NOT NULL,
	"object_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "consultation_message_files_object_key_unique" UNIQUE("object_key"),
	CONSTRAINT "consultation_message_files_size_nonnegative" CHECK ("consultation"."consultation_message_files"."size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "consultation"."consultation_message_files" ADD CONSTRAINT "consultation_message_files_message_id_consultation_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "consultation"."consultation_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_message_files_message_idx" ON "consultation"."consultation_message_files" USING btree ("message_id","created_at");