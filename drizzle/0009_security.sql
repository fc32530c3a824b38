CREATE TABLE "rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "qr_logins" ADD COLUMN "browser_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "qr_logins" ADD COLUMN "session_token_hash" varchar(64);--> statement-breakpoint
CREATE INDEX "rate_limits_expire_idx" ON "rate_limits" USING btree ("expire");