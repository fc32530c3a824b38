CREATE TABLE "backup_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger" varchar(16) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"target" text NOT NULL,
	"ok" boolean NOT NULL,
	"file" text,
	"bytes" bigint,
	"duration_ms" integer NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"error" text,
	"removed" integer DEFAULT 0 NOT NULL,
	"actor_id" integer
);
--> statement-breakpoint
CREATE INDEX "backup_runs_ok_started" ON "backup_runs" USING btree ("ok","started_at");