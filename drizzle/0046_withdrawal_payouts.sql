ALTER TYPE "public"."withdrawal_status" ADD VALUE 'approved' BEFORE 'paid';--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "exported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_reference" varchar(64);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "paid_by" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written: withdrawals paid before payout references existed keep a reference that says so.
UPDATE "withdrawals" SET "payout_reference" = 'LEGACY-' || "id", "paid_by" = "decided_by", "paid_at" = "decided_at" WHERE "status" = 'paid';--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payout_reference_unique" UNIQUE("payout_reference");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_paid_reference" CHECK ("withdrawals"."status" <> 'paid' or "withdrawals"."payout_reference" is not null);