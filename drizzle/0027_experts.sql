CREATE TABLE "expert_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sports" jsonb NOT NULL,
	"experience" varchar(200) NOT NULL,
	"contact" varchar(60) NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"reason_code" varchar(24),
	"reason_text" varchar(200),
	"reviewer_id" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expert_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"expert_id" integer NOT NULL,
	"sport" varchar(12) NOT NULL,
	"match_id" integer,
	"locale" varchar(8) NOT NULL,
	"title" varchar(80) NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expert_follows" (
	"expert_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "expert_follows_expert_id_user_id_pk" PRIMARY KEY("expert_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "expert_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"expert_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"sport" varchar(12) NOT NULL,
	"title" varchar(60) NOT NULL,
	"selections" jsonb NOT NULL,
	"reasoning" text NOT NULL,
	"price" integer NOT NULL,
	"refund_if_lost" boolean DEFAULT false NOT NULL,
	"canonical" text NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"commitment" varchar(64) NOT NULL,
	"kickoff_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"status" varchar(8) DEFAULT 'open' NOT NULL,
	"grade" varchar(10),
	"selection_grades" jsonb,
	"unit_return" real,
	"graded_at" timestamp with time zone,
	"void_reason" varchar(200),
	"voided_by" integer,
	"voided_at" timestamp with time zone,
	"buyers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "expert_plans_price_check" CHECK ("expert_plans"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "experts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"sports" jsonb NOT NULL,
	"experience" varchar(200) NOT NULL,
	"application_id" integer,
	"approved_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_commitments" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"expert_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"commitment" varchar(64) NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"prev_hash" varchar(64) NOT NULL,
	"hash" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"price" integer NOT NULL,
	"escrow_shard" integer NOT NULL,
	"status" varchar(10) DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "expert_applications" ADD CONSTRAINT "expert_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_applications" ADD CONSTRAINT "expert_applications_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_articles" ADD CONSTRAINT "expert_articles_expert_id_experts_user_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_articles" ADD CONSTRAINT "expert_articles_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_follows" ADD CONSTRAINT "expert_follows_expert_id_experts_user_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_follows" ADD CONSTRAINT "expert_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_plans" ADD CONSTRAINT "expert_plans_expert_id_experts_user_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_plans" ADD CONSTRAINT "expert_plans_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_plans" ADD CONSTRAINT "expert_plans_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_application_id_expert_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."expert_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_purchases" ADD CONSTRAINT "plan_purchases_plan_id_expert_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."expert_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_purchases" ADD CONSTRAINT "plan_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expert_applications_user_idx" ON "expert_applications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "expert_applications_status_idx" ON "expert_applications" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "expert_applications_one_pending" ON "expert_applications" USING btree ("user_id") WHERE "expert_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "expert_articles_created_idx" ON "expert_articles" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "expert_articles_expert_idx" ON "expert_articles" USING btree ("expert_id","created_at");--> statement-breakpoint
CREATE INDEX "expert_plans_expert_idx" ON "expert_plans" USING btree ("expert_id","published_at");--> statement-breakpoint
CREATE INDEX "expert_plans_match_idx" ON "expert_plans" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "expert_plans_open_idx" ON "expert_plans" USING btree ("kickoff_at") WHERE "expert_plans"."status" = 'open';--> statement-breakpoint
CREATE INDEX "expert_plans_graded_idx" ON "expert_plans" USING btree ("expert_id","graded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_purchases_unique" ON "plan_purchases" USING btree ("plan_id","user_id");--> statement-breakpoint
CREATE INDEX "plan_purchases_user_idx" ON "plan_purchases" USING btree ("user_id","created_at");--> statement-breakpoint
-- ==== experts: custom SQL (plans fixed at publish, the commitment log append-only) ====
-- A published plan's content, commitment and nonce never change and no plan is deleted; the status moves
-- once (open → graded, or open → voided by an operator), and a grade once written never changes.
CREATE OR REPLACE FUNCTION expert_plans_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'expert_plans: a published plan cannot be deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.expert_id IS DISTINCT FROM OLD.expert_id OR NEW.match_id IS DISTINCT FROM OLD.match_id
    OR NEW.sport IS DISTINCT FROM OLD.sport OR NEW.title IS DISTINCT FROM OLD.title
    OR NEW.selections IS DISTINCT FROM OLD.selections OR NEW.reasoning IS DISTINCT FROM OLD.reasoning
    OR NEW.price IS DISTINCT FROM OLD.price OR NEW.refund_if_lost IS DISTINCT FROM OLD.refund_if_lost
    OR NEW.canonical IS DISTINCT FROM OLD.canonical OR NEW.nonce IS DISTINCT FROM OLD.nonce
    OR NEW.commitment IS DISTINCT FROM OLD.commitment OR NEW.kickoff_at IS DISTINCT FROM OLD.kickoff_at
    OR NEW.published_at IS DISTINCT FROM OLD.published_at THEN
    RAISE EXCEPTION 'expert_plans: a published plan cannot be edited' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.status <> 'open' AND (NEW.status IS DISTINCT FROM OLD.status OR NEW.grade IS DISTINCT FROM OLD.grade
    OR NEW.selection_grades IS DISTINCT FROM OLD.selection_grades OR NEW.unit_return IS DISTINCT FROM OLD.unit_return
    OR NEW.graded_at IS DISTINCT FROM OLD.graded_at OR NEW.void_reason IS DISTINCT FROM OLD.void_reason
    OR NEW.voided_at IS DISTINCT FROM OLD.voided_at OR NEW.voided_by IS DISTINCT FROM OLD.voided_by) THEN
    RAISE EXCEPTION 'expert_plans: a graded or voided plan is final' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER expert_plans_fixed BEFORE UPDATE OR DELETE ON "expert_plans"
  FOR EACH ROW EXECUTE FUNCTION expert_plans_fixed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION plan_commitments_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'plan_commitments is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER plan_commitments_no_update_delete BEFORE UPDATE OR DELETE ON "plan_commitments"
  FOR EACH ROW EXECUTE FUNCTION plan_commitments_append_only();--> statement-breakpoint
CREATE TRIGGER plan_commitments_no_truncate BEFORE TRUNCATE ON "plan_commitments"
  FOR EACH STATEMENT EXECUTE FUNCTION plan_commitments_append_only();
