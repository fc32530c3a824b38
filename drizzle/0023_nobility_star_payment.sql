ALTER TABLE "nobility_purchases" ADD COLUMN "currency" "wallet_currency" DEFAULT 'yellow' NOT NULL;--> statement-breakpoint
ALTER TABLE "nobility_purchases" ADD COLUMN "paid" integer;--> statement-breakpoint
UPDATE "nobility_purchases" SET "paid" = "price";--> statement-breakpoint
ALTER TABLE "nobility_purchases" ALTER COLUMN "paid" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "nobility_purchases" ADD CONSTRAINT "nobility_purchases_paid_positive" CHECK ("nobility_purchases"."paid" > 0);
