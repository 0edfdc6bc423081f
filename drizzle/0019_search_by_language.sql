-- btree_gin lets a GIN index hold the language beside the words (a trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "search_documents_lang_vector_idx" ON "search_documents" USING gin ("lang","vector");--> statement-breakpoint
DROP INDEX "search_documents_vector_idx";
