CREATE TYPE "public"."gift_tier" AS ENUM('small', 'big');--> statement-breakpoint
CREATE TYPE "public"."pay_order_status" AS ENUM('pending', 'paid', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."wallet_account_kind" AS ENUM('user', 'mint', 'burn', 'escrow', 'revenue');--> statement-breakpoint
CREATE TYPE "public"."wallet_currency" AS ENUM('star', 'yellow', 'coin', 'exp');--> statement-breakpoint
CREATE TABLE "backpack_items" (
	"user_id" integer NOT NULL,
	"gift_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "backpack_items_user_id_gift_id_pk" PRIMARY KEY("user_id","gift_id"),
	CONSTRAINT "backpack_items_quantity_nonnegative" CHECK ("backpack_items"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gift_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operation_id" bigint NOT NULL,
	"room_id" integer NOT NULL,
	"anchor_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"gift_id" integer NOT NULL,
	"count" integer NOT NULL,
	"value" integer NOT NULL,
	"anchor_income" integer NOT NULL,
	"from_backpack" boolean DEFAULT false NOT NULL,
	"combo" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gift_sends_operation_id_unique" UNIQUE("operation_id"),
	CONSTRAINT "gift_sends_count_positive" CHECK ("gift_sends"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"names" jsonb NOT NULL,
	"price" integer NOT NULL,
	"tier" "gift_tier" DEFAULT 'small' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "gifts_code_unique" UNIQUE("code"),
	CONSTRAINT "gifts_price_positive" CHECK ("gifts"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "charge_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"diamonds" integer NOT NULL,
	"bonus" integer DEFAULT 0 NOT NULL,
	"price_minor" integer NOT NULL,
	"price_currency" varchar(3) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "charge_rules_positive" CHECK ("charge_rules"."diamonds" > 0 and "charge_rules"."price_minor" > 0 and "charge_rules"."bonus" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pay_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"user_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"channel" varchar(16) NOT NULL,
	"diamonds" integer NOT NULL,
	"price_minor" integer NOT NULL,
	"price_currency" varchar(3) NOT NULL,
	"status" "pay_order_status" DEFAULT 'pending' NOT NULL,
	"provider_trade_no" varchar(64),
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "pay_orders_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "wallet_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "wallet_account_kind" NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"currency" "wallet_currency" NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_accounts_balance_nonnegative" CHECK ("wallet_accounts"."balance" >= 0 or "wallet_accounts"."kind" = 'mint')
);
--> statement-breakpoint
CREATE TABLE "wallet_operations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idempotency_key" varchar(120) NOT NULL,
	"kind" varchar(32) NOT NULL,
	"payload_hash" varchar(64) NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"result" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operation_id" bigint NOT NULL,
	"from_account" integer NOT NULL,
	"to_account" integer NOT NULL,
	"currency" "wallet_currency" NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_transfers_amount_positive" CHECK ("wallet_transfers"."amount" > 0),
	CONSTRAINT "wallet_transfers_distinct_accounts" CHECK ("wallet_transfers"."from_account" <> "wallet_transfers"."to_account")
);
--> statement-breakpoint
ALTER TABLE "backpack_items" ADD CONSTRAINT "backpack_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backpack_items" ADD CONSTRAINT "backpack_items_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_rule_id_charge_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."charge_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transfers" ADD CONSTRAINT "wallet_transfers_operation_id_wallet_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."wallet_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transfers" ADD CONSTRAINT "wallet_transfers_from_account_wallet_accounts_id_fk" FOREIGN KEY ("from_account") REFERENCES "public"."wallet_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transfers" ADD CONSTRAINT "wallet_transfers_to_account_wallet_accounts_id_fk" FOREIGN KEY ("to_account") REFERENCES "public"."wallet_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_sends_room_idx" ON "gift_sends" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_sends_anchor_idx" ON "gift_sends" USING btree ("anchor_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_sends_sender_idx" ON "gift_sends" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "charge_rules_unique" ON "charge_rules" USING btree ("price_currency","diamonds");--> statement-breakpoint
CREATE INDEX "pay_orders_user_idx" ON "pay_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_owner_unique" ON "wallet_accounts" USING btree ("kind","user_id","shard","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_operations_key_unique" ON "wallet_operations" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "wallet_operations_user_idx" ON "wallet_operations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_transfers_from_idx" ON "wallet_transfers" USING btree ("from_account","created_at");--> statement-breakpoint
CREATE INDEX "wallet_transfers_to_idx" ON "wallet_transfers" USING btree ("to_account","created_at");--> statement-breakpoint
CREATE INDEX "wallet_transfers_operation_idx" ON "wallet_transfers" USING btree ("operation_id");