CREATE TABLE "article_counts" (
	"type" text NOT NULL,
	"lang" text NOT NULL,
	"category_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"published" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "article_counts_type_lang_tag_id_category_id_pk" PRIMARY KEY("type","lang","tag_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "help_vote_counts" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"solved" integer DEFAULT 0 NOT NULL,
	"unsolved" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "article_tags_tag_idx";--> statement-breakpoint
DROP INDEX "articles_listing_idx";--> statement-breakpoint
ALTER TABLE "help_vote_counts" ADD CONSTRAINT "help_vote_counts_article_id_help_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."help_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_tags_tag_article_idx" ON "article_tags" USING btree ("tag_id","article_id");--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("type","lang","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "articles"."status" = 'published';--> statement-breakpoint
CREATE INDEX "articles_category_published_idx" ON "articles" USING btree ("category_id","lang","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"updated_at") WHERE "articles"."status" = 'published';--> statement-breakpoint
CREATE INDEX "articles_sitemap_idx" ON "articles" USING btree ("type","lang","id","published_at","updated_at") WHERE "articles"."status" = 'published';--> statement-breakpoint
CREATE INDEX "articles_key_idx" ON "articles" USING btree ("type","key") WHERE "articles"."status" = 'published';--> statement-breakpoint
CREATE INDEX "articles_scheduled_idx" ON "articles" USING btree ("published_at") WHERE "articles"."status" = 'published';--> statement-breakpoint
CREATE INDEX "comments_shown_idx" ON "comments" USING btree ("article_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "comments"."hidden_at" is null;--> statement-breakpoint
-- Counts kept by triggers (docs/decisions/0022). Writers wait here until the counts are filled,
-- so no article or tag written meanwhile is missed or counted twice.
LOCK TABLE "articles", "article_tags" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE FUNCTION "article_counts_change"(p_article integer, p_type text, p_lang text, p_category integer, p_delta integer) RETURNS void
LANGUAGE sql AS $$
  -- The article itself (tag 0) and each of its tags, in one order so concurrent writers queue instead of deadlocking.
  INSERT INTO article_counts (type, lang, category_id, tag_id, published)
  SELECT p_type, p_lang, p_category, t.tag_id, p_delta
  FROM (SELECT 0 AS tag_id UNION ALL SELECT tag_id FROM article_tags WHERE article_id = p_article) t
  ORDER BY t.tag_id
  ON CONFLICT (type, lang, category_id, tag_id) DO UPDATE SET published = article_counts.published + excluded.published
$$;--> statement-breakpoint
CREATE FUNCTION "articles_keep_counts"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'published' THEN
    PERFORM article_counts_change(OLD.id, OLD.type, OLD.lang, OLD.category_id, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'published' THEN
    PERFORM article_counts_change(NEW.id, NEW.type, NEW.lang, NEW.category_id, 1);
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Before the delete: its tags are still there to uncount (the cascade removes them after, when the
-- article is gone and the tag trigger below finds nothing to change).
CREATE TRIGGER "articles_counts_delete" BEFORE DELETE ON "articles"
  FOR EACH ROW WHEN (OLD.status = 'published') EXECUTE FUNCTION articles_keep_counts();--> statement-breakpoint
CREATE TRIGGER "articles_counts_insert" AFTER INSERT ON "articles"
  FOR EACH ROW WHEN (NEW.status = 'published') EXECUTE FUNCTION articles_keep_counts();--> statement-breakpoint
-- Only the columns counts depend on: counting a read (reads = reads + 1) fires nothing.
CREATE TRIGGER "articles_counts_update" AFTER UPDATE OF "type", "lang", "category_id", "status" ON "articles"
  FOR EACH ROW WHEN ((OLD.type, OLD.lang, OLD.category_id, OLD.status) IS DISTINCT FROM (NEW.type, NEW.lang, NEW.category_id, NEW.status))
  EXECUTE FUNCTION articles_keep_counts();--> statement-breakpoint
CREATE FUNCTION "article_tags_keep_counts"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- FOR SHARE: an article whose status is changing in another transaction is read once that commits,
  -- so the tag is counted under the status the article ends up with (the foreign key's own lock does not wait for that).
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO article_counts (type, lang, category_id, tag_id, published)
    SELECT a.type, a.lang, a.category_id, OLD.tag_id, -1 FROM articles a WHERE a.id = OLD.article_id AND a.status = 'published' FOR SHARE
    ON CONFLICT (type, lang, category_id, tag_id) DO UPDATE SET published = article_counts.published + excluded.published;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO article_counts (type, lang, category_id, tag_id, published)
    SELECT a.type, a.lang, a.category_id, NEW.tag_id, 1 FROM articles a WHERE a.id = NEW.article_id AND a.status = 'published' FOR SHARE
    ON CONFLICT (type, lang, category_id, tag_id) DO UPDATE SET published = article_counts.published + excluded.published;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "article_tags_counts" AFTER INSERT OR UPDATE OR DELETE ON "article_tags"
  FOR EACH ROW EXECUTE FUNCTION article_tags_keep_counts();--> statement-breakpoint
-- The counts made again from the rows: here, and after a bulk load that switched the triggers off (bench/large-data.ts).
CREATE FUNCTION "article_counts_recount"() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM article_counts;
  INSERT INTO article_counts (type, lang, category_id, tag_id, published)
  SELECT a.type, a.lang, a.category_id, 0, count(*) FROM articles a WHERE a.status = 'published' GROUP BY 1, 2, 3
  UNION ALL
  SELECT a.type, a.lang, a.category_id, t.tag_id, count(*) FROM articles a JOIN article_tags t ON t.article_id = a.id
  WHERE a.status = 'published' GROUP BY 1, 2, 3, 4;
$$;--> statement-breakpoint
SELECT article_counts_recount();
--> statement-breakpoint
LOCK TABLE "help_votes" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE FUNCTION "help_votes_keep_counts"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE help_vote_counts SET solved = solved - OLD.solved::int, unsolved = unsolved - (NOT OLD.solved)::int
    WHERE article_id = OLD.article_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO help_vote_counts (article_id, solved, unsolved) VALUES (NEW.article_id, NEW.solved::int, (NOT NEW.solved)::int)
    ON CONFLICT (article_id) DO UPDATE SET solved = help_vote_counts.solved + excluded.solved, unsolved = help_vote_counts.unsolved + excluded.unsolved;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "help_votes_counts_write" AFTER INSERT OR DELETE ON "help_votes"
  FOR EACH ROW EXECUTE FUNCTION help_votes_keep_counts();--> statement-breakpoint
-- A changed vote (voting again) moves one count to the other; re-sending the same vote changes nothing.
CREATE TRIGGER "help_votes_counts_update" AFTER UPDATE OF "article_id", "solved" ON "help_votes"
  FOR EACH ROW WHEN ((OLD.article_id, OLD.solved) IS DISTINCT FROM (NEW.article_id, NEW.solved))
  EXECUTE FUNCTION help_votes_keep_counts();--> statement-breakpoint
CREATE FUNCTION "help_vote_counts_recount"() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM help_vote_counts;
  INSERT INTO help_vote_counts (article_id, solved, unsolved)
  SELECT article_id, count(*) FILTER (WHERE solved), count(*) FILTER (WHERE NOT solved) FROM help_votes GROUP BY article_id;
$$;--> statement-breakpoint
SELECT help_vote_counts_recount();
