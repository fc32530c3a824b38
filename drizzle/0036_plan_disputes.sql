CREATE TABLE "plan_disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"purchase_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason_code" varchar(16) NOT NULL,
	"text" varchar(200) NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision" varchar(200),
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "expert_plans" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plan_disputes" ADD CONSTRAINT "plan_disputes_plan_id_expert_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."expert_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_disputes" ADD CONSTRAINT "plan_disputes_purchase_id_plan_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."plan_purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_disputes" ADD CONSTRAINT "plan_disputes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_disputes" ADD CONSTRAINT "plan_disputes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_disputes_purchase_unique" ON "plan_disputes" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "plan_disputes_open_idx" ON "plan_disputes" USING btree ("plan_id") WHERE "plan_disputes"."status" = 'open';--> statement-breakpoint
CREATE INDEX "plan_disputes_status_idx" ON "plan_disputes" USING btree ("status","id");--> statement-breakpoint
-- ==== plan disputes: custom SQL (expert_plans_fixed, now with the release and a void after the grade) ====
-- As before, a published plan's content never changes and no plan is deleted. The status moves
-- open → graded, open → voided, or graded → voided while the expert's share is not released (a dispute
-- upheld in its window); the grade, once written, never changes, and a void keeps it (void is a separate
-- mark). `released_at` is written once, only on a graded plan; a voided plan is final.
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
  IF OLD.status = 'open' AND NEW.released_at IS NOT NULL THEN
    RAISE EXCEPTION 'expert_plans: only a graded plan is released' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.status <> 'open' AND (NEW.grade IS DISTINCT FROM OLD.grade
    OR NEW.selection_grades IS DISTINCT FROM OLD.selection_grades OR NEW.unit_return IS DISTINCT FROM OLD.unit_return
    OR NEW.graded_at IS DISTINCT FROM OLD.graded_at) THEN
    RAISE EXCEPTION 'expert_plans: a grade is final' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.status = 'voided' AND (NEW.status IS DISTINCT FROM OLD.status
    OR NEW.void_reason IS DISTINCT FROM OLD.void_reason OR NEW.voided_at IS DISTINCT FROM OLD.voided_at
    OR NEW.voided_by IS DISTINCT FROM OLD.voided_by OR NEW.released_at IS DISTINCT FROM OLD.released_at) THEN
    RAISE EXCEPTION 'expert_plans: a voided plan is final' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.status = 'graded' THEN
    IF NEW.status NOT IN ('graded', 'voided') OR (OLD.released_at IS NOT NULL
      AND (NEW.status <> 'graded' OR NEW.released_at IS DISTINCT FROM OLD.released_at)) THEN
      RAISE EXCEPTION 'expert_plans: a released plan is final' USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF NEW.status = 'graded' AND (NEW.void_reason IS DISTINCT FROM OLD.void_reason
      OR NEW.voided_at IS DISTINCT FROM OLD.voided_at OR NEW.voided_by IS DISTINCT FROM OLD.voided_by) THEN
      RAISE EXCEPTION 'expert_plans: only a void writes its reason' USING ERRCODE = 'insufficient_privilege';
    END IF;
  END IF;
  RETURN NEW;
END $$;
