CREATE TABLE "ledger_proven_balances" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"balance" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_proven_escrow" (
	"kind" varchar(32) NOT NULL,
	"item" bigint NOT NULL,
	"shard" smallint NOT NULL,
	"currency" "wallet_currency" NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_proven_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"full_check" boolean NOT NULL,
	"full_at" timestamp with time zone NOT NULL,
	"proven_at" timestamp with time zone NOT NULL,
	"transfer_id" bigint NOT NULL,
	"operation_id" bigint NOT NULL,
	"holes" jsonb NOT NULL,
	"transfers" bigint NOT NULL,
	"operations" bigint NOT NULL,
	"currencies" jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_proven_escrow_item_unique" ON "ledger_proven_escrow" USING btree ("kind","item","shard","currency");