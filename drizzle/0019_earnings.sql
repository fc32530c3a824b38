CREATE TYPE "public"."withdrawal_method" AS ENUM('bank', 'alipay');--> statement-breakpoint
CREATE TYPE "public"."withdrawal_status" AS ENUM('pending', 'paid', 'rejected');--> statement-breakpoint
ALTER TYPE "public"."pay_order_status" ADD VALUE 'paid_after_cancel';--> statement-breakpoint
CREATE TABLE "alipay_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"account" varchar(64) NOT NULL,
	"real_name" varchar(40) NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_cards" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"bank_name" varchar(40) NOT NULL,
	"card_number" varchar(19) NOT NULL,
	"real_name" varchar(40) NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"fee" integer NOT NULL,
	"method" "withdrawal_method" NOT NULL,
	"bank_name" varchar(40),
	"account" varchar(64) NOT NULL,
	"real_name" varchar(40) NOT NULL,
	"status" "withdrawal_status" DEFAULT 'pending' NOT NULL,
	"operation_id" bigint NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "withdrawals_operation_id_unique" UNIQUE("operation_id"),
	CONSTRAINT "withdrawals_amounts" CHECK ("withdrawals"."amount" > 0 and "withdrawals"."fee" >= 0 and "withdrawals"."fee" < "withdrawals"."amount")
);
--> statement-breakpoint
ALTER TABLE "alipay_accounts" ADD CONSTRAINT "alipay_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","created_at");