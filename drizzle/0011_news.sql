CREATE TABLE "news_articles" (
	"post_id" integer PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"match_id" integer,
	"automatic" boolean DEFAULT false NOT NULL,
	"source_locale" varchar(8) NOT NULL,
	"cover_url" text,
	"view_count" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(32) NOT NULL,
	"names" jsonb NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "news_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "news_reads" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "news_reads_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "news_translations" (
	"post_id" integer NOT NULL,
	"locale" varchar(8) NOT NULL,
	"title" varchar(80) NOT NULL,
	"summary" varchar(200) NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "news_translations_post_id_locale_pk" PRIMARY KEY("post_id","locale")
);
--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "author_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_category_id_news_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."news_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_reads" ADD CONSTRAINT "news_reads_post_id_news_articles_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."news_articles"("post_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_reads" ADD CONSTRAINT "news_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_translations" ADD CONSTRAINT "news_translations_post_id_news_articles_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."news_articles"("post_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "news_articles_match_unique" ON "news_articles" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "news_articles_published_idx" ON "news_articles" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "news_articles_category_idx" ON "news_articles" USING btree ("category_id","published_at");--> statement-breakpoint
CREATE INDEX "news_reads_user_idx" ON "news_reads" USING btree ("user_id","read_at");--> statement-breakpoint
CREATE INDEX "news_translations_locale_idx" ON "news_translations" USING btree ("locale","post_id");