CREATE TYPE "public"."chat_channel_kind" AS ENUM('live', 'match');--> statement-breakpoint
CREATE TYPE "public"."chat_sensitive_mode" AS ENUM('mask', 'refuse');--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel_kind" "chat_channel_kind" NOT NULL,
	"channel_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" varchar(500) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	CONSTRAINT "chat_messages_content_length" CHECK (char_length("chat_messages"."content") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "chat_mutes" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_kind" "chat_channel_kind" NOT NULL,
	"channel_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"by_user_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"broadcast_id" integer,
	"lifted_at" timestamp with time zone,
	CONSTRAINT "chat_mutes_has_end" CHECK ("chat_mutes"."expires_at" is not null or "chat_mutes"."broadcast_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "chat_room_settings" (
	"room_id" integer PRIMARY KEY NOT NULL,
	"sensitive_mode" "chat_sensitive_mode" DEFAULT 'mask' NOT NULL,
	"slow_mode_seconds" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_room_settings_slow_mode" CHECK ("chat_room_settings"."slow_mode_seconds" between 0 and 300)
);
--> statement-breakpoint
CREATE TABLE "room_admins" (
	"room_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"appointed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "room_admins_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sensitive_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"word" varchar(32) NOT NULL,
	"normalized" varchar(32) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	CONSTRAINT "sensitive_words_normalized_unique" UNIQUE("normalized")
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_settings" ADD CONSTRAINT "chat_room_settings_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_admins" ADD CONSTRAINT "room_admins_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_admins" ADD CONSTRAINT "room_admins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensitive_words" ADD CONSTRAINT "sensitive_words_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_channel_idx" ON "chat_messages" USING btree ("channel_kind","channel_id","id");--> statement-breakpoint
CREATE INDEX "chat_mutes_target_idx" ON "chat_mutes" USING btree ("channel_kind","channel_id","user_id");--> statement-breakpoint
CREATE INDEX "room_admins_user_idx" ON "room_admins" USING btree ("user_id");