CREATE TABLE "circle_posts" (
	"post_id" integer PRIMARY KEY NOT NULL,
	"circle_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "circle_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"review_posts" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "circles" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(80) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"names" jsonb NOT NULL,
	"competition_id" integer,
	"team_id" integer,
	"parent_id" integer,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "circles_slug_unique" UNIQUE("slug"),
	CONSTRAINT "circles_kind_check" CHECK ("circles"."kind" in ('general', 'league', 'club'))
);
--> statement-breakpoint
CREATE TABLE "promos" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"title" jsonb NOT NULL,
	"image_url" text NOT NULL,
	"link_url" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promos_kind_check" CHECK ("promos"."kind" in ('banner', 'ad', 'activity'))
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "review_status" varchar(12) DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "review_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "circle_posts" ADD CONSTRAINT "circle_posts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_posts" ADD CONSTRAINT "circle_posts_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circles" ADD CONSTRAINT "circles_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circles" ADD CONSTRAINT "circles_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circle_posts_circle_idx" ON "circle_posts" USING btree ("circle_id");--> statement-breakpoint
CREATE INDEX "circles_kind_idx" ON "circles" USING btree ("kind","sort");--> statement-breakpoint
CREATE INDEX "circles_parent_idx" ON "circles" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "promos_kind_idx" ON "promos" USING btree ("kind","enabled","sort");--> statement-breakpoint
CREATE INDEX "posts_review_idx" ON "posts" USING btree ("channel","review_status","created_at");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_review_status_check" CHECK ("posts"."review_status" in ('pending', 'approved', 'rejected'));