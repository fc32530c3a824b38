ALTER TABLE "im_messages" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "im_messages" ADD COLUMN "removed_by" integer;--> statement-breakpoint
ALTER TABLE "im_messages" ADD COLUMN "removal_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "im_messages" ADD CONSTRAINT "im_messages_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;