CREATE TABLE "audit_checkpoints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"entry_id" bigint NOT NULL,
	"hash" varchar(64) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"key_id" varchar(16) DEFAULT '' NOT NULL,
	"signature" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_checkpoints_seq_idx" ON "audit_checkpoints" USING btree ("seq");--> statement-breakpoint
-- Checkpoints are append-only like the log they sign (the signature, not this trigger, is the guarantee).
CREATE OR REPLACE FUNCTION audit_checkpoints_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_checkpoints is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_checkpoints_no_update_delete BEFORE UPDATE OR DELETE ON "audit_checkpoints"
  FOR EACH ROW EXECUTE FUNCTION audit_checkpoints_append_only();--> statement-breakpoint
CREATE TRIGGER audit_checkpoints_no_truncate BEFORE TRUNCATE ON "audit_checkpoints"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_checkpoints_append_only();
