ALTER TYPE "public"."goods_kind" ADD VALUE 'horn';--> statement-breakpoint
ALTER TYPE "public"."goods_kind" ADD VALUE 'badge_color';--> statement-breakpoint
CREATE TABLE "chat_badge_colors" (
	"user_id" integer NOT NULL,
	"color" varchar(16) NOT NULL,
	"chosen" boolean DEFAULT false NOT NULL,
	"acquired_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_badge_colors_user_id_color_pk" PRIMARY KEY("user_id","color")
);
--> statement-breakpoint
CREATE TABLE "horn_credits" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "horn_credits_count" CHECK ("horn_credits"."count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "horn_messages" ADD COLUMN "credit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "horn_count" integer;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "badge_color" varchar(16);--> statement-breakpoint
ALTER TABLE "chat_badge_colors" ADD CONSTRAINT "chat_badge_colors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horn_credits" ADD CONSTRAINT "horn_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_badge_colors_chosen_unique" ON "chat_badge_colors" USING btree ("user_id") WHERE "chat_badge_colors"."chosen";