-- Search (lib/search): pg_trgm for the GIN trigram index on search_documents.key (shipped with both the
-- embedded PostgreSQL 18 and Debian's postgresql-15 contrib), and triggers that drop a row's search
-- document when the text it was keyed from changes; the search-index job (lib/search/indexer.ts) keys it
-- again within seconds. The functions name search_documents only when they run, so they may precede it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_forget_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_documents
   WHERE (kind = 'anchor' AND ref_id = NEW.id)
      OR (kind = 'room' AND ref_id IN (SELECT id FROM live_rooms WHERE anchor_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_search_forget AFTER UPDATE OF nickname, is_anchor ON users
  FOR EACH ROW WHEN (OLD.nickname IS DISTINCT FROM NEW.nickname OR OLD.is_anchor IS DISTINCT FROM NEW.is_anchor)
  EXECUTE FUNCTION search_forget_user();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_forget_room() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_documents WHERE kind = 'room' AND ref_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER live_rooms_search_forget AFTER UPDATE OF title ON live_rooms
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title)
  EXECUTE FUNCTION search_forget_room();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_forget_news() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_documents WHERE kind = 'news' AND ref_id = COALESCE(NEW.post_id, OLD.post_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER news_translations_search_forget AFTER INSERT OR UPDATE OR DELETE ON news_translations
  FOR EACH ROW EXECUTE FUNCTION search_forget_news();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_forget_team() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_documents WHERE kind = 'team' AND ref_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER teams_search_forget AFTER UPDATE OF names, source_name ON teams
  FOR EACH ROW WHEN (OLD.names IS DISTINCT FROM NEW.names OR OLD.source_name IS DISTINCT FROM NEW.source_name)
  EXECUTE FUNCTION search_forget_team();
