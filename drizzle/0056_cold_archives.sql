CREATE TABLE "cold_archives" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_name" varchar(40) NOT NULL,
	"month" varchar(7) NOT NULL,
	"part" integer DEFAULT 1 NOT NULL,
	"file" text NOT NULL,
	"target" text NOT NULL,
	"rows" integer NOT NULL,
	"checksum" varchar(64) NOT NULL,
	"bytes" bigint NOT NULL,
	"first_id" bigint NOT NULL,
	"last_id" bigint NOT NULL,
	"kept_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" varchar(12) NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cold_archives_month_part" ON "cold_archives" USING btree ("table_name","month","part");--> statement-breakpoint
CREATE INDEX "chat_messages_created_brin" ON "chat_messages" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "notices_created_brin" ON "notices" USING brin ("created_at");