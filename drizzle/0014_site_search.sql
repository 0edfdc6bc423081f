-- Hand-written (docs/decisions/0030): array_to_string is only STABLE (any element type's output
-- could depend on settings); for text[] it is not, and a generated column needs IMMUTABLE.
CREATE FUNCTION search_terms_text(terms text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array_to_string(terms, ' ') $$;--> statement-breakpoint
CREATE TABLE "search_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"lang" text NOT NULL,
	"key" text NOT NULL,
	"source_id" integer NOT NULL,
	"category_id" integer,
	"path" text NOT NULL,
	"title" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"published" boolean NOT NULL,
	"visible_from" timestamp with time zone NOT NULL,
	"version" text NOT NULL,
	"ts_config" "regconfig" NOT NULL,
	"title_terms" text[] NOT NULL,
	"body_terms" text[] NOT NULL,
	"vector" "tsvector" GENERATED ALWAYS AS (array_to_tsvector(title_terms || body_terms) || CASE WHEN ts_config = 'simple'::regconfig THEN ''::tsvector ELSE setweight(to_tsvector(ts_config, search_terms_text(title_terms)), 'A') || setweight(to_tsvector(ts_config, search_terms_text(body_terms)), 'B') END) STORED NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_documents_kind_lang_key_unique" UNIQUE("kind","lang","key"),
	CONSTRAINT "search_documents_kind_check" CHECK ("search_documents"."kind" in ('help', 'faq', 'blog', 'news', 'release', 'use_case'))
);
--> statement-breakpoint
CREATE TABLE "search_lexicon" (
	"lang" text NOT NULL,
	"term" text NOT NULL,
	"documents" integer NOT NULL,
	CONSTRAINT "search_lexicon_lang_term_pk" PRIMARY KEY("lang","term")
);
--> statement-breakpoint
CREATE TABLE "search_misses" (
	"lang" text NOT NULL,
	"scope" text NOT NULL,
	"query" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_misses_lang_scope_query_pk" PRIMARY KEY("lang","scope","query")
);
--> statement-breakpoint
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_lang_languages_key_fk" FOREIGN KEY ("lang") REFERENCES "public"."languages"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_documents_vector_idx" ON "search_documents" USING gin ("vector");--> statement-breakpoint
CREATE INDEX "search_lexicon_term_trgm_idx" ON "search_lexicon" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_misses_count_idx" ON "search_misses" USING btree ("count" DESC NULLS LAST,"last_seen" DESC NULLS LAST);--> statement-breakpoint
-- Hand-written (docs/decisions/0030): the help centre's misses become the site-wide list's, scope "help".
INSERT INTO "search_misses" ("lang", "scope", "query", "count", "first_seen", "last_seen")
SELECT "lang", 'help', "keyword", "count", "first_seen", "last_seen" FROM "help_search_misses"
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "help_search_misses";--> statement-breakpoint
-- The lexicon counts the published documents of each term, in the same transaction as the write.
-- Terms are touched in sorted order, so two writers queue instead of deadlocking.
CREATE FUNCTION search_lexicon_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.published THEN
    WITH gone AS (
      SELECT l.lang, l.term FROM search_lexicon l
      WHERE l.lang = OLD.lang AND l.term = ANY (OLD.title_terms || OLD.body_terms)
      ORDER BY l.term FOR UPDATE)
    UPDATE search_lexicon l SET documents = l.documents - 1 FROM gone WHERE l.lang = gone.lang AND l.term = gone.term;
    DELETE FROM search_lexicon l WHERE l.lang = OLD.lang AND l.term = ANY (OLD.title_terms || OLD.body_terms) AND l.documents <= 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.published THEN
    INSERT INTO search_lexicon (lang, term, documents)
    SELECT DISTINCT NEW.lang, t.term, 1 FROM unnest(NEW.title_terms || NEW.body_terms) AS t(term) ORDER BY 2
    ON CONFLICT (lang, term) DO UPDATE SET documents = search_lexicon.documents + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_documents_lexicon AFTER INSERT OR DELETE OR UPDATE OF lang, published, title_terms, body_terms ON search_documents
FOR EACH ROW EXECUTE FUNCTION search_lexicon_count();--> statement-breakpoint
-- For bulk loads with the trigger off (bench/large-data.ts): the lexicon again from the rows.
CREATE FUNCTION search_lexicon_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_lexicon;
  INSERT INTO search_lexicon (lang, term, documents)
  SELECT u.lang, u.term, count(*) FROM (
    SELECT DISTINCT d.id, d.lang, t.term FROM search_documents d, unnest(d.title_terms || d.body_terms) AS t(term) WHERE d.published) u
  GROUP BY u.lang, u.term;
$$;
