CREATE TABLE "guess_disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"guess_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason_code" text NOT NULL,
	"text" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guesses" ADD COLUMN "pay_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guesses" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guesses" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "guesses" ADD COLUMN "void_reason_code" text;--> statement-breakpoint
ALTER TABLE "guesses" ADD COLUMN "void_note" varchar(200);--> statement-breakpoint
ALTER TABLE "guess_disputes" ADD CONSTRAINT "guess_disputes_guess_id_guesses_id_fk" FOREIGN KEY ("guess_id") REFERENCES "public"."guesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guess_disputes" ADD CONSTRAINT "guess_disputes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guess_disputes_once" ON "guess_disputes" USING btree ("guess_id","user_id");--> statement-breakpoint
CREATE INDEX "guesses_unpaid_idx" ON "guesses" USING btree ("pay_at") WHERE "guesses"."status" = 'settled' and "guesses"."paid_at" is null;