CREATE TABLE "competitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"sport" text NOT NULL,
	"kind" text NOT NULL,
	"region" text NOT NULL,
	"source_name" text NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competitions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "lineups" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"side" text NOT NULL,
	"player_name" text NOT NULL,
	"number" integer,
	"position" text,
	"starter" boolean NOT NULL,
	"generated" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"kind" text NOT NULL,
	"minute" integer NOT NULL,
	"offset" integer,
	"side" text NOT NULL,
	"player_name" text,
	"points" integer,
	"generated" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_statistics" (
	"match_id" integer NOT NULL,
	"kind" text NOT NULL,
	"home" integer NOT NULL,
	"away" integer NOT NULL,
	"generated" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"season_id" integer NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"round" text NOT NULL,
	"group_name" text,
	"match_number" integer,
	"home_team_id" integer NOT NULL,
	"away_team_id" integer NOT NULL,
	"stadium_id" integer,
	"ground" text,
	"kickoff_at" timestamp with time zone NOT NULL,
	"kickoff_time_known" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"status_note" text,
	"period" text DEFAULT 'not_started' NOT NULL,
	"minute" integer,
	"home_score" integer,
	"away_score" integer,
	"home_full_time" integer,
	"away_full_time" integer,
	"home_half_time" integer,
	"away_half_time" integer,
	"home_extra_time" integer,
	"away_extra_time" integer,
	"home_penalties" integer,
	"away_penalties" integer,
	"period_scores" jsonb,
	"replay_of_match_id" integer,
	"replay_of_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "odds_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"market" text NOT NULL,
	"line" integer,
	"home" integer NOT NULL,
	"draw" integer,
	"away" integer NOT NULL,
	"captured_at" timestamp with time zone NOT NULL,
	"generated" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"season_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"points" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "season_teams" (
	"season_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"group_name" text
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"competition_id" integer NOT NULL,
	"key" text NOT NULL,
	"source_name" text NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "squad_players" (
	"id" serial PRIMARY KEY NOT NULL,
	"season_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" integer,
	"position" text,
	"club" text,
	"club_country" text,
	"date_of_birth" date
);
--> statement-breakpoint
CREATE TABLE "stadiums" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"country_code" text,
	"timezone" text,
	"capacity" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stadiums_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"source_name" text NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"country_code" text,
	"is_national" boolean DEFAULT false NOT NULL,
	"crest_colors" jsonb NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lineups" ADD CONSTRAINT "lineups_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_statistics" ADD CONSTRAINT "match_statistics_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_home_team_id_teams_id_fk" FOREIGN KEY ("home_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_away_team_id_teams_id_fk" FOREIGN KEY ("away_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_stadium_id_stadiums_id_fk" FOREIGN KEY ("stadium_id") REFERENCES "public"."stadiums"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "odds_snapshots" ADD CONSTRAINT "odds_snapshots_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_adjustments" ADD CONSTRAINT "point_adjustments_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_adjustments" ADD CONSTRAINT "point_adjustments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_teams" ADD CONSTRAINT "season_teams_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_teams" ADD CONSTRAINT "season_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "squad_players" ADD CONSTRAINT "squad_players_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "squad_players" ADD CONSTRAINT "squad_players_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lineups_unique" ON "lineups" USING btree ("match_id","side","player_name");--> statement-breakpoint
CREATE UNIQUE INDEX "match_events_sequence_unique" ON "match_events" USING btree ("match_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "match_statistics_unique" ON "match_statistics" USING btree ("match_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_source_external_unique" ON "matches" USING btree ("source","external_id");--> statement-breakpoint
CREATE INDEX "matches_season_idx" ON "matches" USING btree ("season_id","kickoff_at");--> statement-breakpoint
CREATE INDEX "matches_kickoff_idx" ON "matches" USING btree ("kickoff_at");--> statement-breakpoint
CREATE INDEX "matches_home_idx" ON "matches" USING btree ("home_team_id","kickoff_at");--> statement-breakpoint
CREATE INDEX "matches_away_idx" ON "matches" USING btree ("away_team_id","kickoff_at");--> statement-breakpoint
CREATE UNIQUE INDEX "odds_snapshots_unique" ON "odds_snapshots" USING btree ("match_id","market","captured_at");--> statement-breakpoint
CREATE UNIQUE INDEX "point_adjustments_unique" ON "point_adjustments" USING btree ("season_id","team_id","reason");--> statement-breakpoint
CREATE UNIQUE INDEX "season_teams_unique" ON "season_teams" USING btree ("season_id","team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_competition_key_unique" ON "seasons" USING btree ("competition_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "squad_players_unique" ON "squad_players" USING btree ("season_id","team_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_sport_name_unique" ON "teams" USING btree ("sport","source_name");