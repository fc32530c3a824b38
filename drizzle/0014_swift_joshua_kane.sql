CREATE TYPE "public"."im_conversation_kind" AS ENUM('c2c', 'group');--> statement-breakpoint
CREATE TYPE "public"."im_message_kind" AS ENUM('text', 'image', 'custom');--> statement-breakpoint
CREATE TYPE "public"."notice_kind" AS ENUM('system', 'review', 'follow', 'reply');--> statement-breakpoint
CREATE TABLE "im_blocks" (
	"blocker_id" integer NOT NULL,
	"blocked_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "im_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "im_blocks_not_self" CHECK ("im_blocks"."blocker_id" <> "im_blocks"."blocked_id")
);
--> statement-breakpoint
CREATE TABLE "im_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "im_conversation_kind" NOT NULL,
	"pair_key" varchar(24),
	"name" varchar(30),
	"owner_id" integer,
	"room_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"last_message_at" timestamp with time zone,
	"dissolved_at" timestamp with time zone,
	CONSTRAINT "im_conversations_pair_key_unique" UNIQUE("pair_key"),
	CONSTRAINT "im_conversations_shape" CHECK (("im_conversations"."kind" = 'c2c' and "im_conversations"."pair_key" is not null and "im_conversations"."name" is null)
        or ("im_conversations"."kind" = 'group' and "im_conversations"."pair_key" is null and "im_conversations"."name" is not null))
);
--> statement-breakpoint
CREATE TABLE "im_members" (
	"conversation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"last_read_id" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "im_members_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "im_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"kind" "im_message_kind" NOT NULL,
	"text" varchar(500),
	"image_url" varchar(300),
	"custom" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "im_messages_shape" CHECK (("im_messages"."kind" = 'text' and char_length("im_messages"."text") between 1 and 500)
        or ("im_messages"."kind" = 'image' and "im_messages"."image_url" is not null)
        or ("im_messages"."kind" = 'custom' and "im_messages"."custom" is not null))
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" "notice_kind" NOT NULL,
	"subject" varchar(40) NOT NULL,
	"actor_id" integer,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" varchar(200),
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "im_blocks" ADD CONSTRAINT "im_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_blocks" ADD CONSTRAINT "im_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_conversations" ADD CONSTRAINT "im_conversations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_conversations" ADD CONSTRAINT "im_conversations_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_members" ADD CONSTRAINT "im_members_conversation_id_im_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."im_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_members" ADD CONSTRAINT "im_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_messages" ADD CONSTRAINT "im_messages_conversation_id_im_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."im_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_messages" ADD CONSTRAINT "im_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "im_conversations_room_idx" ON "im_conversations" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "im_members_user_idx" ON "im_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "im_messages_conversation_idx" ON "im_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "notices_user_idx" ON "notices" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notices_unread_idx" ON "notices" USING btree ("user_id","id") WHERE "notices"."read_at" is null;