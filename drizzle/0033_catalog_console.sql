CREATE TABLE "hot_search_overrides" (
	"id" serial PRIMARY KEY NOT NULL,
	"term" varchar(10) NOT NULL,
	"position" smallint,
	"blocked" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hot_search_overrides_term_unique" UNIQUE("term")
);
--> statement-breakpoint
CREATE TABLE "legal_pages" (
	"document" varchar(16) NOT NULL,
	"locale" varchar(8) NOT NULL,
	"title" varchar(60) NOT NULL,
	"body" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "legal_pages_document_locale_pk" PRIMARY KEY("document","locale")
);
--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "anchor_share" smallint;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_anchor_share_range" CHECK ("gifts"."anchor_share" between 0 and 100);