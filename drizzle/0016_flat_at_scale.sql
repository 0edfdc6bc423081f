CREATE TABLE "article_comment_counts" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"shown" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_list_versions" (
	"type" text NOT NULL,
	"lang" text NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "article_list_versions_type_lang_pk" PRIMARY KEY("type","lang")
);
--> statement-breakpoint
CREATE TABLE "article_picks" (
	"key" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"lang" text NOT NULL,
	"ids" integer[] NOT NULL,
	"version" bigint NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_comment_counts" ADD CONSTRAINT "article_comment_counts_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written (docs/decisions/0037): the versions of the article listings, kept by triggers, and
-- the shown comments per article. Drizzle's schema knows the tables, not the sequence, the
-- functions or the triggers, so a future db:generate leaves them alone.
CREATE SEQUENCE "article_list_version_seq";--> statement-breakpoint
-- Writers wait here until the comment counts are filled, so no comment written meanwhile is missed or counted twice.
LOCK TABLE "articles", "article_tags", "tags", "comments" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE FUNCTION "article_list_bump"(p_type text, p_lang text) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO article_list_versions (type, lang, version) VALUES (p_type, p_lang, nextval('article_list_version_seq'))
  ON CONFLICT (type, lang) DO UPDATE SET version = excluded.version
$$;--> statement-breakpoint
CREATE FUNCTION "articles_bump_list_version"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM article_list_bump(NEW.type, NEW.lang);
  ELSIF TG_OP = 'DELETE' OR (OLD.type, OLD.lang) = (NEW.type, NEW.lang) THEN
    PERFORM article_list_bump(OLD.type, OLD.lang);
  ELSE
    -- Both listings when an article moves, in one order, so concurrent writers queue instead of deadlocking.
    PERFORM article_list_bump(l.type, l.lang) FROM (VALUES (OLD.type, OLD.lang), (NEW.type, NEW.lang)) l(type, lang) ORDER BY l.type, l.lang;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "articles_list_version_write" AFTER INSERT OR DELETE ON "articles"
  FOR EACH ROW EXECUTE FUNCTION articles_bump_list_version();--> statement-breakpoint
-- Only what a ranking reads: counting a read (reads = reads + 1) or editing a text changes no version.
CREATE TRIGGER "articles_list_version_update" AFTER UPDATE OF "type", "lang", "category_id", "status", "published_at" ON "articles"
  FOR EACH ROW WHEN ((OLD.type, OLD.lang, OLD.category_id, OLD.status, OLD.published_at) IS DISTINCT FROM (NEW.type, NEW.lang, NEW.category_id, NEW.status, NEW.published_at))
  EXECUTE FUNCTION articles_bump_list_version();--> statement-breakpoint
CREATE FUNCTION "article_tags_bump_list_version"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY[NEW.article_id];
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY[OLD.article_id];
  ELSE
    ids := ARRAY[OLD.article_id, NEW.article_id];
  END IF;
  -- An article's tags removed by its own deletion find no article: that deletion changed the version already.
  PERFORM article_list_bump(l.type, l.lang)
  FROM (SELECT DISTINCT a.type, a.lang FROM articles a WHERE a.id = ANY (ids)) l
  ORDER BY l.type, l.lang;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "article_tags_list_version" AFTER INSERT OR UPDATE OR DELETE ON "article_tags"
  FOR EACH ROW EXECUTE FUNCTION article_tags_bump_list_version();--> statement-breakpoint
-- A tag's slug names what a use case's pick asks for: a tag written, renamed or removed changes every version (rare).
CREATE FUNCTION "tags_bump_list_versions"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE article_list_versions SET version = nextval('article_list_version_seq');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tags_list_versions" AFTER INSERT OR DELETE OR UPDATE OF "slug" ON "tags"
  FOR EACH STATEMENT EXECUTE FUNCTION tags_bump_list_versions();--> statement-breakpoint
CREATE FUNCTION "comments_keep_counts"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.hidden_at IS NULL THEN
    UPDATE article_comment_counts SET shown = shown - 1 WHERE article_id = OLD.article_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.hidden_at IS NULL THEN
    INSERT INTO article_comment_counts (article_id, shown) VALUES (NEW.article_id, 1)
    ON CONFLICT (article_id) DO UPDATE SET shown = article_comment_counts.shown + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "comments_counts_write" AFTER INSERT OR DELETE ON "comments"
  FOR EACH ROW EXECUTE FUNCTION comments_keep_counts();--> statement-breakpoint
CREATE TRIGGER "comments_counts_update" AFTER UPDATE OF "hidden_at", "article_id" ON "comments"
  FOR EACH ROW WHEN ((OLD.hidden_at IS NULL) IS DISTINCT FROM (NEW.hidden_at IS NULL) OR OLD.article_id <> NEW.article_id)
  EXECUTE FUNCTION comments_keep_counts();--> statement-breakpoint
-- The counts made again from the rows: here, and after a bulk load with the trigger off (bench/large-data.ts).
CREATE FUNCTION "article_comment_counts_recount"() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM article_comment_counts;
  INSERT INTO article_comment_counts (article_id, shown)
  SELECT article_id, count(*) FROM comments WHERE hidden_at IS NULL GROUP BY article_id;
$$;--> statement-breakpoint
SELECT article_comment_counts_recount();
