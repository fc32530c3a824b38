CREATE TABLE "review_claims" (
	"source" varchar(32) NOT NULL,
	"item_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_claims_source_item_id_pk" PRIMARY KEY("source","item_id")
);
--> statement-breakpoint
ALTER TABLE "review_claims" ADD CONSTRAINT "review_claims_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");