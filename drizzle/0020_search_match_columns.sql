-- One statement, so the table is rewritten once for both columns.
ALTER TABLE "search_documents"
  ADD COLUMN "terms_vector" "tsvector" GENERATED ALWAYS AS (array_to_tsvector(title_terms || body_terms)) STORED NOT NULL,
  ADD COLUMN "title_stems" text[] GENERATED ALWAYS AS (CASE WHEN ts_config = 'simple'::regconfig THEN '{}'::text[] ELSE tsvector_to_array(to_tsvector(ts_config, search_terms_text(title_terms))) END) STORED NOT NULL;
