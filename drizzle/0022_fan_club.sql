CREATE TABLE "fan_club_members" (
	"anchor_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"intimacy" integer DEFAULT 0 NOT NULL,
	"operation_id" bigint,
	"paid" integer DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"watch_day" integer DEFAULT 0 NOT NULL,
	"watch_seconds" integer DEFAULT 0 NOT NULL,
	"watch_intimacy" integer DEFAULT 0 NOT NULL,
	"last_beat_at" timestamp with time zone,
	CONSTRAINT "fan_club_members_anchor_id_user_id_pk" PRIMARY KEY("anchor_id","user_id"),
	CONSTRAINT "fan_club_members_nonnegative" CHECK ("fan_club_members"."intimacy" >= 0 and "fan_club_members"."paid" >= 0 and "fan_club_members"."watch_seconds" >= 0 and "fan_club_members"."watch_intimacy" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fan_clubs" (
	"anchor_id" integer PRIMARY KEY NOT NULL,
	"name" varchar(12) NOT NULL,
	"join_price" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fan_clubs_price_range" CHECK ("fan_clubs"."join_price" between 0 and 100000)
);
--> statement-breakpoint
ALTER TABLE "fan_club_members" ADD CONSTRAINT "fan_club_members_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_club_members" ADD CONSTRAINT "fan_club_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_clubs" ADD CONSTRAINT "fan_clubs_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fan_club_members_rank_idx" ON "fan_club_members" USING btree ("anchor_id","intimacy" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fan_club_members_user_idx" ON "fan_club_members" USING btree ("user_id");