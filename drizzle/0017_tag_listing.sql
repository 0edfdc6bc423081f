CREATE TABLE "article_tag_listing" (
	"tag_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"type" text NOT NULL,
	"lang" text NOT NULL,
	"category_id" integer NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "article_tag_listing_tag_id_article_id_pk" PRIMARY KEY("tag_id","article_id")
);
--> statement-breakpoint
ALTER TABLE "article_tag_listing" ADD CONSTRAINT "article_tag_listing_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_tag_listing" ADD CONSTRAINT "article_tag_listing_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_tag_listing_order_idx" ON "article_tag_listing" USING btree ("tag_id","type","lang","published_at" DESC NULLS FIRST,"article_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "article_tag_listing_scheduled_idx" ON "article_tag_listing" USING btree ("tag_id","type","published_at","lang");--> statement-breakpoint
CREATE INDEX "article_tag_listing_article_idx" ON "article_tag_listing" USING btree ("article_id");--> statement-breakpoint
-- Hand-written (docs/decisions/0037): the listing kept by triggers in the same transaction as the change.
-- Writers wait here until it is filled, so no article or tag written meanwhile is missed or listed twice.
LOCK TABLE "articles", "article_tags" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE FUNCTION "article_tag_listing_of"(p_article integer) RETURNS void
LANGUAGE sql AS $$
  -- The article's entries made again from its row and its tags: none unless it is published.
  DELETE FROM article_tag_listing WHERE article_id = p_article;
  INSERT INTO article_tag_listing (tag_id, article_id, type, lang, category_id, published_at)
  SELECT t.tag_id, a.id, a.type, a.lang, a.category_id, a.published_at
  FROM articles a JOIN article_tags t ON t.article_id = a.id
  WHERE a.id = p_article AND a.status = 'published';
$$;--> statement-breakpoint
CREATE FUNCTION "articles_keep_tag_listing"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM article_tag_listing_of(NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Only what a tag page filters or sorts by: counting a read or editing a text fires nothing. An
-- insert has no tags yet, and a delete cascades.
CREATE TRIGGER "articles_tag_listing_update" AFTER UPDATE OF "type", "lang", "category_id", "status", "published_at" ON "articles"
  FOR EACH ROW WHEN ((OLD.type, OLD.lang, OLD.category_id, OLD.status, OLD.published_at) IS DISTINCT FROM (NEW.type, NEW.lang, NEW.category_id, NEW.status, NEW.published_at))
  EXECUTE FUNCTION articles_keep_tag_listing();--> statement-breakpoint
CREATE FUNCTION "article_tags_keep_listing"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM article_tag_listing WHERE tag_id = OLD.tag_id AND article_id = OLD.article_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    -- FOR SHARE: an article whose status is changing in another transaction is read once that commits (as article_counts does).
    INSERT INTO article_tag_listing (tag_id, article_id, type, lang, category_id, published_at)
    SELECT NEW.tag_id, a.id, a.type, a.lang, a.category_id, a.published_at FROM articles a
    WHERE a.id = NEW.article_id AND a.status = 'published' FOR SHARE
    ON CONFLICT (tag_id, article_id) DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "article_tags_listing" AFTER INSERT OR UPDATE OR DELETE ON "article_tags"
  FOR EACH ROW EXECUTE FUNCTION article_tags_keep_listing();--> statement-breakpoint
-- The listing made again from the rows: here, and after a bulk load with the triggers off (bench/large-data.ts).
CREATE FUNCTION "article_tag_listing_rebuild"() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM article_tag_listing;
  INSERT INTO article_tag_listing (tag_id, article_id, type, lang, category_id, published_at)
  SELECT t.tag_id, a.id, a.type, a.lang, a.category_id, a.published_at
  FROM articles a JOIN article_tags t ON t.article_id = a.id WHERE a.status = 'published';
$$;--> statement-breakpoint
SELECT article_tag_listing_rebuild();
