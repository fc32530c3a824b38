ALTER TABLE "sessions" ADD COLUMN "address" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "device_user_id" integer;