CREATE TYPE "public"."guess_lock_reason" AS ENUM('anchor', 'window', 'kickoff', 'goal');--> statement-breakpoint
CREATE TYPE "public"."guess_stake_status" AS ENUM('held', 'won', 'lost', 'void');--> statement-breakpoint
CREATE TYPE "public"."guess_status" AS ENUM('open', 'locked', 'settled', 'cancelled');--> statement-breakpoint
CREATE TABLE "guess_outcomes" (
	"id" serial PRIMARY KEY NOT NULL,
	"guess_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"label" varchar(30) DEFAULT '' NOT NULL,
	"market" text,
	"pick" text,
	"line" integer,
	"result" "guess_stake_status"
);
--> statement-breakpoint
CREATE TABLE "guess_stakes" (
	"id" serial PRIMARY KEY NOT NULL,
	"guess_id" integer NOT NULL,
	"outcome_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"operation_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"status" "guess_stake_status" DEFAULT 'held' NOT NULL,
	"payout" integer,
	CONSTRAINT "guess_stakes_operation_id_unique" UNIQUE("operation_id"),
	CONSTRAINT "guess_stakes_amount" CHECK ("guess_stakes"."amount" >= 1)
);
--> statement-breakpoint
CREATE TABLE "guesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"opener_id" integer NOT NULL,
	"question" varchar(60) NOT NULL,
	"status" "guess_status" DEFAULT 'open' NOT NULL,
	"escrow_shard" smallint NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"locked_at" timestamp with time zone,
	"lock_reason" "guess_lock_reason",
	"settled_at" timestamp with time zone,
	"match_id" integer,
	"opening_score" jsonb,
	"lock_delay_ms" integer,
	"cancel_reason" text,
	CONSTRAINT "guesses_window" CHECK ("guesses"."closes_at" > "guesses"."opened_at")
);
--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "stream_delay_ms" integer;--> statement-breakpoint
ALTER TABLE "guess_outcomes" ADD CONSTRAINT "guess_outcomes_guess_id_guesses_id_fk" FOREIGN KEY ("guess_id") REFERENCES "public"."guesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guess_stakes" ADD CONSTRAINT "guess_stakes_guess_id_guesses_id_fk" FOREIGN KEY ("guess_id") REFERENCES "public"."guesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guess_stakes" ADD CONSTRAINT "guess_stakes_outcome_id_guess_outcomes_id_fk" FOREIGN KEY ("outcome_id") REFERENCES "public"."guess_outcomes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guess_stakes" ADD CONSTRAINT "guess_stakes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guesses" ADD CONSTRAINT "guesses_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guesses" ADD CONSTRAINT "guesses_opener_id_users_id_fk" FOREIGN KEY ("opener_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guess_outcomes_guess_idx" ON "guess_outcomes" USING btree ("guess_id","position");--> statement-breakpoint
CREATE INDEX "guess_stakes_guess_idx" ON "guess_stakes" USING btree ("guess_id","outcome_id");--> statement-breakpoint
CREATE INDEX "guess_stakes_user_idx" ON "guess_stakes" USING btree ("user_id","placed_at");--> statement-breakpoint
CREATE INDEX "guesses_room_idx" ON "guesses" USING btree ("room_id","opened_at");--> statement-breakpoint
CREATE INDEX "guesses_pending_idx" ON "guesses" USING btree ("status","closes_at") WHERE "guesses"."status" in ('open', 'locked');