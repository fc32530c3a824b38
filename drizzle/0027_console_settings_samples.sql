CREATE TABLE "viewer_samples" (
	"at" timestamp with time zone PRIMARY KEY NOT NULL,
	"viewers" integer NOT NULL,
	"rooms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer
);
