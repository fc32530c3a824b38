CREATE TYPE "public"."horn_status" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
CREATE TABLE "horn_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"operation_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"content" varchar(100) NOT NULL,
	"status" "horn_status" NOT NULL,
	"price" integer NOT NULL,
	"free" boolean DEFAULT false NOT NULL,
	"escrow_shard" smallint,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	CONSTRAINT "horn_messages_operation_id_unique" UNIQUE("operation_id"),
	CONSTRAINT "horn_messages_price" CHECK ("horn_messages"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "horn_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"review" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "horn_settings_single" CHECK ("horn_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "nobilities" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"tier" smallint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"expired_at" timestamp with time zone,
	CONSTRAINT "nobilities_tier_range" CHECK ("nobilities"."tier" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "nobility_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"operation_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"tier" smallint NOT NULL,
	"months" smallint NOT NULL,
	"price" integer NOT NULL,
	"renewed" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "nobility_purchases_operation_id_unique" UNIQUE("operation_id"),
	CONSTRAINT "nobility_purchases_positive" CHECK ("nobility_purchases"."months" > 0 and "nobility_purchases"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "red_envelope_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"envelope_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"claimed_by" integer,
	"claimed_at" timestamp with time zone,
	"returned" boolean DEFAULT false NOT NULL,
	CONSTRAINT "red_envelope_shares_amount" CHECK ("red_envelope_shares"."amount" >= 1)
);
--> statement-breakpoint
CREATE TABLE "red_envelopes" (
	"id" serial PRIMARY KEY NOT NULL,
	"operation_id" bigint NOT NULL,
	"room_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"shares" integer NOT NULL,
	"escrow_shard" smallint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	"refunded" integer,
	CONSTRAINT "red_envelopes_operation_id_unique" UNIQUE("operation_id"),
	CONSTRAINT "red_envelopes_split" CHECK ("red_envelopes"."shares" >= 1 and "red_envelopes"."amount" >= "red_envelopes"."shares")
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "gift" jsonb;--> statement-breakpoint
ALTER TABLE "chat_room_settings" ADD COLUMN "fans_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "horn_messages" ADD CONSTRAINT "horn_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horn_messages" ADD CONSTRAINT "horn_messages_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nobilities" ADD CONSTRAINT "nobilities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nobility_purchases" ADD CONSTRAINT "nobility_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_envelope_shares" ADD CONSTRAINT "red_envelope_shares_envelope_id_red_envelopes_id_fk" FOREIGN KEY ("envelope_id") REFERENCES "public"."red_envelopes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_envelope_shares" ADD CONSTRAINT "red_envelope_shares_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_envelopes" ADD CONSTRAINT "red_envelopes_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_envelopes" ADD CONSTRAINT "red_envelopes_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "horn_messages_status_idx" ON "horn_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "horn_messages_user_idx" ON "horn_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "nobilities_expiry_idx" ON "nobilities" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "nobility_purchases_user_idx" ON "nobility_purchases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "red_envelope_shares_envelope_idx" ON "red_envelope_shares" USING btree ("envelope_id");--> statement-breakpoint
CREATE UNIQUE INDEX "red_envelope_shares_claim_unique" ON "red_envelope_shares" USING btree ("envelope_id","claimed_by");--> statement-breakpoint
CREATE INDEX "red_envelopes_room_idx" ON "red_envelopes" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE INDEX "red_envelopes_expiry_idx" ON "red_envelopes" USING btree ("expires_at");