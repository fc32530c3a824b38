-- Data that ages (issue #45 item 5, lib/audit/archive.ts): the oldest audit entries may leave the log for a
-- cold file, only up to an entry a checkpoint names, and only through this function of the tables' owner
-- (SECURITY DEFINER), so the portal's role needs no DELETE right on the log (docs/operations.md revokes it).
-- It deletes the oldest entries up to `up_to`, at most `batch` of them, and answers how many.
CREATE OR REPLACE FUNCTION audit_archive_delete(up_to bigint, batch integer) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  deleted integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM audit_checkpoints WHERE entry_id = up_to) THEN
    RAISE EXCEPTION 'audit entries are archived only up to a checkpoint (entry % has none)', up_to
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  PERFORM set_config('portal.audit_archive', 'on', true);
  DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log WHERE id <= up_to ORDER BY id LIMIT batch);
  GET DIAGNOSTICS deleted = ROW_COUNT;
  PERFORM set_config('portal.audit_archive', 'off', true);
  RETURN deleted;
END $$;--> statement-breakpoint
-- The log stays append-only: the trigger lets a DELETE through only inside audit_archive_delete.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('portal.audit_archive', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
