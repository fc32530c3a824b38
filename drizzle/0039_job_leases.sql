CREATE TABLE "job_leases" (
	"tick_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"node" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_leases_name_idx" ON "job_leases" USING btree ("name");