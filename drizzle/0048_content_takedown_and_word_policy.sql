ALTER TABLE "sensitive_words" ADD COLUMN "policy" varchar(8) DEFAULT 'replace' NOT NULL;--> statement-breakpoint
ALTER TABLE "post_comments" ADD COLUMN "removed_by" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "removed_by" integer;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;