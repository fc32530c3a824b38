ALTER TABLE "withdrawals" ADD COLUMN "return_reason" varchar(40);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "return_note" varchar(500);