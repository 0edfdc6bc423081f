-- docs/decisions/0055: the title's terms and stems with the language as a lexeme, indexed, find the
-- matches ranked first; the kind in the words' index lets each kind's matches be counted up to the
-- cap. The old index is dropped last, so processes still running the previous release keep it
-- until the new ones exist.
ALTER TABLE "search_documents" ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (array_to_tsvector(title_terms || CASE WHEN ts_config = 'simple'::regconfig THEN '{}'::text[] ELSE tsvector_to_array(to_tsvector(ts_config, search_terms_text(title_terms))) END || ARRAY['lang ' || lang])) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_documents_lang_kind_vector_idx" ON "search_documents" USING gin ("lang","kind","vector");--> statement-breakpoint
CREATE INDEX "search_documents_title_vector_idx" ON "search_documents" USING gin ("title_vector");--> statement-breakpoint
DROP INDEX "search_documents_lang_vector_idx";
