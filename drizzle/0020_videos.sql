CREATE TABLE "video_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(40) NOT NULL,
	"parent_id" integer,
	"names" jsonb NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "video_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "video_favorites" (
	"video_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "video_favorites_video_id_user_id_pk" PRIMARY KEY("video_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "video_my_categories" (
	"user_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "video_my_categories_user_id_category_id_pk" PRIMARY KEY("user_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "video_views" (
	"video_id" integer NOT NULL,
	"viewer" varchar(40) NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "video_views_video_id_viewer_day_pk" PRIMARY KEY("video_id","viewer","day")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"post_id" integer PRIMARY KEY NOT NULL,
	"author_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"title" varchar(60) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"source_url" varchar(300) NOT NULL,
	"poster_url" varchar(300),
	"duration_s" real NOT NULL,
	"width" integer,
	"height" integer,
	"broadcast_id" integer,
	"view_count" integer DEFAULT 0 NOT NULL,
	"favorite_count" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "videos_title_not_blank" CHECK (length(btrim("videos"."title")) > 0),
	CONSTRAINT "videos_kind" CHECK ("videos"."kind" in ('file', 'hls'))
);
--> statement-breakpoint
ALTER TABLE "video_categories" ADD CONSTRAINT "video_categories_parent_id_video_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."video_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_favorites" ADD CONSTRAINT "video_favorites_video_id_videos_post_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("post_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_favorites" ADD CONSTRAINT "video_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_my_categories" ADD CONSTRAINT "video_my_categories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_my_categories" ADD CONSTRAINT "video_my_categories_category_id_video_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."video_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_views" ADD CONSTRAINT "video_views_video_id_videos_post_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("post_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_category_id_video_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."video_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_categories_parent_idx" ON "video_categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "video_favorites_user_idx" ON "video_favorites" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "video_views_day_idx" ON "video_views" USING btree ("day","video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_broadcast_unique" ON "videos" USING btree ("broadcast_id");--> statement-breakpoint
CREATE INDEX "videos_published_idx" ON "videos" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "videos_category_idx" ON "videos" USING btree ("category_id","published_at");--> statement-breakpoint
CREATE INDEX "videos_author_idx" ON "videos" USING btree ("author_id","published_at");