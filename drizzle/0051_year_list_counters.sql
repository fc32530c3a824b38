CREATE TABLE "news_counts" (
	"category_id" integer NOT NULL,
	"locale" varchar(8) NOT NULL,
	"articles" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "news_counts_category_id_locale_pk" PRIMARY KEY("category_id","locale")
);
--> statement-breakpoint
CREATE TABLE "search_pending" (
	"kind" varchar(16) NOT NULL,
	"ref_id" integer NOT NULL,
	"seq" bigserial NOT NULL,
	CONSTRAINT "search_pending_kind_ref_id_pk" PRIMARY KEY("kind","ref_id")
);
--> statement-breakpoint
ALTER TABLE "circles" ADD COLUMN "shown_posts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "im_members" ADD COLUMN "unread" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "news_counts" ADD CONSTRAINT "news_counts_category_id_news_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."news_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_pending_seq_idx" ON "search_pending" USING btree ("kind","seq");--> statement-breakpoint
-- Hand-written below (issue #45). List totals kept in the transaction of every write, by triggers, so that
-- every path (the editor, match reports, moderation, account erasure, seeds) keeps them.
-- News: a language version counts in news_counts(category, locale) while its article exists and its post
-- is not deleted. A post's BEFORE DELETE takes its versions off while they are still there; the cascaded
-- deletes after it then find no post (or no article) and change nothing.
CREATE OR REPLACE FUNCTION news_counts_add(category integer, loc varchar, delta integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO news_counts (category_id, locale, articles) VALUES (category, loc, delta)
  ON CONFLICT (category_id, locale) DO UPDATE SET articles = news_counts.articles + excluded.articles
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION news_counts_article(article integer, delta integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO news_counts (category_id, locale, articles)
  SELECT a.category_id, t.locale, delta FROM news_articles a
  JOIN posts p ON p.id = a.post_id AND p.deleted_at IS NULL
  JOIN news_translations t ON t.post_id = a.post_id
  WHERE a.post_id = article
  ON CONFLICT (category_id, locale) DO UPDATE SET articles = news_counts.articles + excluded.articles
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION news_counts_translation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE category integer;
BEGIN
  -- A restore loads the kept counts and the queue as they were (lib/ops/backup.ts sets portal.bulk_load).
  IF current_setting('portal.bulk_load', true) = 'on' THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT a.category_id INTO category FROM news_articles a JOIN posts p ON p.id = a.post_id
     WHERE a.post_id = OLD.post_id AND p.deleted_at IS NULL;
    IF FOUND THEN PERFORM news_counts_add(category, OLD.locale, -1); END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT a.category_id INTO category FROM news_articles a JOIN posts p ON p.id = a.post_id
     WHERE a.post_id = NEW.post_id AND p.deleted_at IS NULL;
    IF FOUND THEN PERFORM news_counts_add(category, NEW.locale, 1); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER news_translations_count AFTER INSERT OR DELETE OR UPDATE OF post_id, locale ON news_translations
  FOR EACH ROW EXECUTE FUNCTION news_counts_translation();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION news_counts_of_article() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A restore loads the kept counts and the queue as they were (lib/ops/backup.ts sets portal.bulk_load).
  IF current_setting('portal.bulk_load', true) = 'on' THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM news_counts_article(OLD.post_id, -1);
    RETURN OLD;
  END IF;
  IF OLD.category_id IS DISTINCT FROM NEW.category_id THEN
    INSERT INTO news_counts (category_id, locale, articles)
    SELECT c.category_id, t.locale, c.delta
      FROM (VALUES (OLD.category_id, -1), (NEW.category_id, 1)) AS c(category_id, delta)
      JOIN posts p ON p.id = NEW.post_id AND p.deleted_at IS NULL
      JOIN news_translations t ON t.post_id = NEW.post_id
    ON CONFLICT (category_id, locale) DO UPDATE SET articles = news_counts.articles + excluded.articles;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER news_articles_count_delete BEFORE DELETE ON news_articles
  FOR EACH ROW EXECUTE FUNCTION news_counts_of_article();
--> statement-breakpoint
CREATE TRIGGER news_articles_count_category AFTER UPDATE OF category_id ON news_articles
  FOR EACH ROW EXECUTE FUNCTION news_counts_of_article();
--> statement-breakpoint
-- Circles: a post counts in its circle's shown_posts while it is a circle post, approved and not deleted.
CREATE OR REPLACE FUNCTION circle_post_shown(channel varchar, review varchar, deleted timestamptz) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$ SELECT channel = 'circle' AND review = 'approved' AND deleted IS NULL $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION circle_counts_of_link() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A restore loads the kept counts and the queue as they were (lib/ops/backup.ts sets portal.bulk_load).
  IF current_setting('portal.bulk_load', true) = 'on' THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') AND EXISTS (SELECT 1 FROM posts p WHERE p.id = OLD.post_id
      AND circle_post_shown(p.channel::varchar, p.review_status::varchar, p.deleted_at)) THEN
    UPDATE circles SET shown_posts = shown_posts - 1 WHERE id = OLD.circle_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND EXISTS (SELECT 1 FROM posts p WHERE p.id = NEW.post_id
      AND circle_post_shown(p.channel::varchar, p.review_status::varchar, p.deleted_at)) THEN
    UPDATE circles SET shown_posts = shown_posts + 1 WHERE id = NEW.circle_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER circle_posts_count AFTER INSERT OR DELETE OR UPDATE OF post_id, circle_id ON circle_posts
  FOR EACH ROW EXECUTE FUNCTION circle_counts_of_link();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_counts_of_post() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE was boolean; now_shown boolean;
BEGIN
  -- A restore loads the kept counts and the queue as they were (lib/ops/backup.ts sets portal.bulk_load).
  IF current_setting('portal.bulk_load', true) = 'on' THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF OLD.channel = 'news' AND OLD.deleted_at IS NULL THEN PERFORM news_counts_article(OLD.id, -1); END IF;
    IF circle_post_shown(OLD.channel::varchar, OLD.review_status::varchar, OLD.deleted_at) THEN
      UPDATE circles SET shown_posts = shown_posts - 1
       WHERE id = (SELECT circle_id FROM circle_posts WHERE post_id = OLD.id);
    END IF;
    RETURN OLD;
  END IF;
  IF (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL) AND NEW.channel = 'news' THEN
    PERFORM news_counts_add(a.category_id, t.locale, CASE WHEN NEW.deleted_at IS NULL THEN 1 ELSE -1 END)
       FROM news_articles a JOIN news_translations t ON t.post_id = a.post_id WHERE a.post_id = NEW.id;
  END IF;
  was := circle_post_shown(OLD.channel::varchar, OLD.review_status::varchar, OLD.deleted_at);
  now_shown := circle_post_shown(NEW.channel::varchar, NEW.review_status::varchar, NEW.deleted_at);
  IF was <> now_shown THEN
    UPDATE circles SET shown_posts = shown_posts + CASE WHEN now_shown THEN 1 ELSE -1 END
     WHERE id = (SELECT circle_id FROM circle_posts WHERE post_id = NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_list_counts_delete BEFORE DELETE ON posts
  FOR EACH ROW EXECUTE FUNCTION list_counts_of_post();
--> statement-breakpoint
CREATE TRIGGER posts_list_counts_update AFTER UPDATE OF channel, review_status, deleted_at ON posts
  FOR EACH ROW EXECUTE FUNCTION list_counts_of_post();
--> statement-breakpoint
-- Backfill of the totals from the rows there are.
INSERT INTO news_counts (category_id, locale, articles)
SELECT a.category_id, t.locale, count(*)::int FROM news_articles a
  JOIN posts p ON p.id = a.post_id AND p.deleted_at IS NULL
  JOIN news_translations t ON t.post_id = a.post_id
 GROUP BY a.category_id, t.locale;
--> statement-breakpoint
UPDATE circles c SET shown_posts = n.posts
  FROM (SELECT cp.circle_id, count(*)::int AS posts FROM circle_posts cp JOIN posts p ON p.id = cp.post_id
         WHERE circle_post_shown(p.channel::varchar, p.review_status::varchar, p.deleted_at)
         GROUP BY cp.circle_id) n
 WHERE n.circle_id = c.id;
--> statement-breakpoint
-- Private messages: each member's unread count (others' messages after its last-read pointer).
UPDATE im_members m SET unread = u.n
  FROM (SELECT mem.conversation_id, mem.user_id, count(*)::int AS n
          FROM im_members mem JOIN im_messages msg ON msg.conversation_id = mem.conversation_id
         WHERE msg.id > mem.last_read_id AND msg.sender_id <> mem.user_id
         GROUP BY mem.conversation_id, mem.user_id) u
 WHERE u.conversation_id = m.conversation_id AND u.user_id = m.user_id;
--> statement-breakpoint
-- Search: the rows to key are queued (search_pending) by the triggers that dropped their documents and by
-- the insertion of a searchable row; the index job reads the queue, never the sources' tables.
CREATE OR REPLACE FUNCTION search_queue(queued_kind varchar, id integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_pending (kind, ref_id) VALUES (queued_kind, id)
  ON CONFLICT (kind, ref_id) DO UPDATE SET seq = nextval('search_pending_seq_seq')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_forget_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A restore loads the kept counts and the queue as they were (lib/ops/backup.ts sets portal.bulk_load).
  IF current_setting('portal.bulk_load', true) = 'on' THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NULL;
  END IF;
  DELETE FROM search_documents
   WHERE (kind = 'anchor' AND ref_id = NEW.id)
      OR (kind = 'room' AND ref_id IN (SELECT id FROM live_rooms WHERE anchor_id = NEW.id));
  PERFORM search_queue('anchor', NEW.id);
  PERFORM search_queue('room', r.id) FROM live_rooms r WHERE r.anchor_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_forget_room() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A restore loads the kept counts and the queue as they were (lib/ops/backup.ts sets portal.bulk_load).
  IF current_setting('portal.bulk_load', true) = 'on' THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NULL;
  END IF;
  DELETE FROM search_documents WHERE kind = 'room' AND ref_id = NEW.id;
  PERFORM search_queue('room', NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_forget_news() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A restore loads the kept counts and the queue as they were (lib/ops/backup.ts sets portal.bulk_load).
  IF current_setting('portal.bulk_load', true) = 'on' THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NULL;
  END IF;
  DELETE FROM search_documents WHERE kind = 'news' AND ref_id = COALESCE(NEW.post_id, OLD.post_id);
  PERFORM search_queue('news', COALESCE(NEW.post_id, OLD.post_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_forget_team() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A restore loads the kept counts and the queue as they were (lib/ops/backup.ts sets portal.bulk_load).
  IF current_setting('portal.bulk_load', true) = 'on' THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NULL;
  END IF;
  DELETE FROM search_documents WHERE kind = 'team' AND ref_id = NEW.id;
  PERFORM search_queue('team', NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_queue_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A restore loads the kept counts and the queue as they were (lib/ops/backup.ts sets portal.bulk_load).
  IF current_setting('portal.bulk_load', true) = 'on' THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NULL;
  END IF;
  PERFORM search_queue(TG_ARGV[0], (to_jsonb(NEW) ->> TG_ARGV[1])::integer);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_search_queue AFTER INSERT ON users
  FOR EACH ROW WHEN (NEW.is_anchor) EXECUTE FUNCTION search_queue_new('anchor', 'id');
--> statement-breakpoint
CREATE TRIGGER live_rooms_search_queue AFTER INSERT ON live_rooms
  FOR EACH ROW EXECUTE FUNCTION search_queue_new('room', 'id');
--> statement-breakpoint
CREATE TRIGGER videos_search_queue AFTER INSERT ON videos
  FOR EACH ROW EXECUTE FUNCTION search_queue_new('video', 'post_id');
--> statement-breakpoint
CREATE TRIGGER teams_search_queue AFTER INSERT ON teams
  FOR EACH ROW EXECUTE FUNCTION search_queue_new('team', 'id');
--> statement-breakpoint
CREATE TRIGGER news_articles_search_queue AFTER INSERT ON news_articles
  FOR EACH ROW EXECUTE FUNCTION search_queue_new('news', 'post_id');
--> statement-breakpoint
-- Backfill: every searchable row that has no document yet.
INSERT INTO search_pending (kind, ref_id)
SELECT 'anchor', u.id FROM users u WHERE u.is_anchor
   AND NOT EXISTS (SELECT 1 FROM search_documents d WHERE d.kind = 'anchor' AND d.ref_id = u.id)
UNION ALL SELECT 'room', r.id FROM live_rooms r
   WHERE NOT EXISTS (SELECT 1 FROM search_documents d WHERE d.kind = 'room' AND d.ref_id = r.id)
UNION ALL SELECT 'news', a.post_id FROM news_articles a
   WHERE NOT EXISTS (SELECT 1 FROM search_documents d WHERE d.kind = 'news' AND d.ref_id = a.post_id)
UNION ALL SELECT 'video', v.post_id FROM videos v
   WHERE NOT EXISTS (SELECT 1 FROM search_documents d WHERE d.kind = 'video' AND d.ref_id = v.post_id)
UNION ALL SELECT 'team', t.id FROM teams t
   WHERE NOT EXISTS (SELECT 1 FROM search_documents d WHERE d.kind = 'team' AND d.ref_id = t.id)
ON CONFLICT DO NOTHING;
