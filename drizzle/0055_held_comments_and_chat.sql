ALTER TABLE "chat_messages" ADD COLUMN "review_status" varchar(12) DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "post_comments" ADD COLUMN "review_status" varchar(12) DEFAULT 'approved' NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_messages_pending_idx" ON "chat_messages" USING btree ("id") WHERE "chat_messages"."review_status" = 'pending';--> statement-breakpoint
CREATE INDEX "post_comments_pending_idx" ON "post_comments" USING btree ("id") WHERE "post_comments"."review_status" = 'pending';--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_review_status_check" CHECK ("chat_messages"."review_status" in ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_review_status_check" CHECK ("post_comments"."review_status" in ('pending', 'approved', 'rejected'));