CREATE TYPE "public"."invite_reward_status" AS ENUM('waiting', 'held', 'paid', 'rejected', 'capped');--> statement-breakpoint
CREATE TYPE "public"."exchange_status" AS ENUM('pending', 'shipped', 'delivered', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."goods_kind" AS ENUM('gift', 'nobility_trial', 'physical');--> statement-breakpoint
CREATE TABLE "invitations" (
	"invitee_id" integer PRIMARY KEY NOT NULL,
	"inviter_id" integer NOT NULL,
	"address" varchar(64) DEFAULT '' NOT NULL,
	"device" varchar(64) DEFAULT '' NOT NULL,
	"status" "invite_reward_status" DEFAULT 'waiting' NOT NULL,
	"reason" varchar(32),
	"hold_reason" varchar(32),
	"reward" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "watch_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "watch_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"kind" "goods_kind" NOT NULL,
	"names" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"price" integer NOT NULL,
	"stock" integer NOT NULL,
	"per_user_limit" integer NOT NULL,
	"gift_id" integer,
	"gift_count" integer DEFAULT 1 NOT NULL,
	"nobility_tier" smallint,
	"trial_days" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "goods_code_unique" UNIQUE("code"),
	CONSTRAINT "goods_price_positive" CHECK ("goods"."price" > 0),
	CONSTRAINT "goods_stock_nonnegative" CHECK ("goods"."stock" >= 0),
	CONSTRAINT "goods_limit_positive" CHECK ("goods"."per_user_limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "goods_exchanges" (
	"id" serial PRIMARY KEY NOT NULL,
	"operation_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"cost" integer NOT NULL,
	"status" "exchange_status" NOT NULL,
	"address" jsonb,
	"escrow_shard" smallint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "goods_exchanges_operation_id_unique" UNIQUE("operation_id"),
	CONSTRAINT "goods_exchanges_quantity_positive" CHECK ("goods_exchanges"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"region" varchar(64) NOT NULL,
	"detail" varchar(120) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_days" ADD CONSTRAINT "watch_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_exchanges" ADD CONSTRAINT "goods_exchanges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_exchanges" ADD CONSTRAINT "goods_exchanges_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_addresses" ADD CONSTRAINT "shop_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitations_inviter_idx" ON "invitations" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE INDEX "invitations_status_idx" ON "invitations" USING btree ("status");--> statement-breakpoint
CREATE INDEX "goods_exchanges_user_idx" ON "goods_exchanges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "goods_exchanges_goods_user_idx" ON "goods_exchanges" USING btree ("goods_id","user_id");--> statement-breakpoint
CREATE INDEX "shop_addresses_user_idx" ON "shop_addresses" USING btree ("user_id");