ALTER TABLE "im_members" ADD COLUMN "last_message_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "im_members_user_recent_idx" ON "im_members" USING btree ("user_id","last_message_at" DESC NULLS LAST,"conversation_id" DESC NULLS FIRST);--> statement-breakpoint
-- Hand-written: each member's copy of its conversation's last message time.
UPDATE im_members m SET last_message_at = c.last_message_at
  FROM im_conversations c WHERE c.id = m.conversation_id AND c.last_message_at IS NOT NULL;
