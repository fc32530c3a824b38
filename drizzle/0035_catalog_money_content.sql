CREATE TABLE "nobility_tiers" (
	"tier" smallint PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"monthly_price" integer NOT NULL,
	"renewal_price" integer NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "nobility_tiers_code_unique" UNIQUE("code"),
	CONSTRAINT "nobility_tiers_tier_range" CHECK ("nobility_tiers"."tier" between 1 and 5),
	CONSTRAINT "nobility_tiers_prices" CHECK ("nobility_tiers"."monthly_price" between 1 and 10000000 and "nobility_tiers"."renewal_price" between 1 and 10000000)
);
--> statement-breakpoint
CREATE TABLE "pay_channels" (
	"channel" varchar(16) PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "news_categories" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "image_url" text;--> statement-breakpoint
-- Custom SQL (catalog2): the nobility tiers' prices as the code set them before they moved here (renewal at the
-- same price), and one row per pay channel in the order the recharge page showed them.
INSERT INTO "nobility_tiers" ("tier", "code", "monthly_price", "renewal_price", "sort") VALUES
	(1, 'knight', 300, 300, 1),
	(2, 'baron', 1000, 1000, 2),
	(3, 'viscount', 3000, 3000, 3),
	(4, 'earl', 10000, 10000, 4),
	(5, 'duke', 30000, 30000, 5)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "pay_channels" ("channel", "sort") VALUES ('alipay', 1), ('vnpay', 2), ('sandbox', 3) ON CONFLICT DO NOTHING;
