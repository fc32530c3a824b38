CREATE TYPE "public"."live_category" AS ENUM('football', 'basketball', 'adult', 'custom');--> statement-breakpoint
CREATE TYPE "public"."live_status" AS ENUM('idle', 'live', 'ended');--> statement-breakpoint
CREATE TABLE "anchor_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"real_name" varchar(40) NOT NULL,
	"contact" varchar(60) NOT NULL,
	"id_number" varchar(32) NOT NULL,
	"id_photo_key" varchar(80) NOT NULL,
	"experience" text NOT NULL,
	"referrer" varchar(40),
	"status" "approval_status" DEFAULT 'pending' NOT NULL,
	"reviewer_id" integer,
	"reviewed_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"reserved_live_id" integer,
	"match_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"title" varchar(60) NOT NULL,
	"category" "live_category" NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"replay_path" text,
	"peak_viewers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"names" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"user_id" integer NOT NULL,
	"anchor_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_user_id_anchor_id_pk" PRIMARY KEY("user_id","anchor_id")
);
--> statement-breakpoint
CREATE TABLE "live_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"anchor_id" integer NOT NULL,
	"title" varchar(60) DEFAULT '' NOT NULL,
	"placard" varchar(50) DEFAULT '' NOT NULL,
	"cover_url" text DEFAULT '' NOT NULL,
	"category" "live_category" DEFAULT 'football' NOT NULL,
	"custom_category_id" integer,
	"match_id" integer,
	"status" "live_status" DEFAULT 'idle' NOT NULL,
	"stream_key_hash" varchar(64),
	"stream_key_rotated_at" timestamp with time zone,
	"heat" integer DEFAULT 0 NOT NULL,
	"live_since" timestamp with time zone,
	"sealed_at" timestamp with time zone,
	"seal_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_rooms_anchor_id_unique" UNIQUE("anchor_id")
);
--> statement-breakpoint
CREATE TABLE "reserved_lives" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"title" varchar(60) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"match_id" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "anchor_applications" ADD CONSTRAINT "anchor_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anchor_applications" ADD CONSTRAINT "anchor_applications_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_reserved_live_id_reserved_lives_id_fk" FOREIGN KEY ("reserved_live_id") REFERENCES "public"."reserved_lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD CONSTRAINT "live_rooms_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD CONSTRAINT "live_rooms_custom_category_id_custom_categories_id_fk" FOREIGN KEY ("custom_category_id") REFERENCES "public"."custom_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserved_lives" ADD CONSTRAINT "reserved_lives_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anchor_applications_user_idx" ON "anchor_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_live_unique" ON "bookings" USING btree ("user_id","reserved_live_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_match_unique" ON "bookings" USING btree ("user_id","match_id");--> statement-breakpoint
CREATE INDEX "broadcasts_room_idx" ON "broadcasts" USING btree ("room_id","started_at");--> statement-breakpoint
CREATE INDEX "follows_anchor_idx" ON "follows" USING btree ("anchor_id");--> statement-breakpoint
CREATE INDEX "live_rooms_status_idx" ON "live_rooms" USING btree ("status","heat");--> statement-breakpoint
CREATE INDEX "reserved_lives_starts_idx" ON "reserved_lives" USING btree ("starts_at");