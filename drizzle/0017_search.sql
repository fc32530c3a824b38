CREATE TABLE "search_documents" (
	"kind" varchar(16) NOT NULL,
	"ref_id" integer NOT NULL,
	"key" text NOT NULL,
	"grams" text[] DEFAULT '{}'::text[] NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_documents_kind_ref_id_pk" PRIMARY KEY("kind","ref_id")
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"day" date NOT NULL,
	"term" varchar(10) NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_terms_day_term_pk" PRIMARY KEY("day","term")
);
--> statement-breakpoint
CREATE INDEX "search_documents_key_trgm" ON "search_documents" USING gin ("key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_documents_grams" ON "search_documents" USING gin ("grams");--> statement-breakpoint
CREATE INDEX "search_terms_day_count_idx" ON "search_terms" USING btree ("day","count");--> statement-breakpoint
CREATE INDEX "matches_home_team_idx" ON "matches" USING btree ("home_team_id","kickoff_at");--> statement-breakpoint
CREATE INDEX "matches_away_team_idx" ON "matches" USING btree ("away_team_id","kickoff_at");