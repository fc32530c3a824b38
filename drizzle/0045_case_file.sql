CREATE TABLE "user_staff_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" varchar(500) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_id" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" varchar(256) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_staff_notes" ADD CONSTRAINT "user_staff_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_staff_notes_user_idx" ON "user_staff_notes" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "sessions_device_idx" ON "sessions" USING btree ("device_id") WHERE device_id <> '';--> statement-breakpoint
CREATE INDEX "sessions_address_idx" ON "sessions" USING btree ("address") WHERE address <> '';