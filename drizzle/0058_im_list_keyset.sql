ALTER TABLE "im_conversations" ADD COLUMN "last_message_id" bigint;--> statement-breakpoint
-- Hand-written: each conversation's newest message (one step down its (conversation, id) index each), and
-- the members' list order before a conversation's first message (or one joined after it): the joining.
UPDATE im_conversations c SET last_message_id = (
  SELECT max(m.id) FROM im_messages m WHERE m.conversation_id = c.id
) WHERE c.last_message_at IS NOT NULL;--> statement-breakpoint
UPDATE im_members m SET last_message_at = coalesce(c.last_message_at, m.joined_at)
  FROM im_conversations c WHERE c.id = m.conversation_id AND m.last_message_at IS NULL;--> statement-breakpoint
ALTER TABLE "im_members" ALTER COLUMN "last_message_at" SET NOT NULL;
