DROP INDEX "search_misses_count_idx";--> statement-breakpoint
ALTER TABLE "article_comment_counts" ADD COLUMN "total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "article_comment_counts" ADD COLUMN "latest" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "help_vote_counts" ADD COLUMN "feedback" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "help_vote_counts" ADD COLUMN "last_vote_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "article_comment_counts_latest_idx" ON "article_comment_counts" USING btree ("latest" DESC NULLS FIRST,"article_id" DESC NULLS FIRST) WHERE "article_comment_counts"."total" > 0;--> statement-breakpoint
CREATE INDEX "comments_created_idx" ON "comments" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "comments_hidden_idx" ON "comments" USING btree ("hidden_at") WHERE "comments"."hidden_at" is not null;--> statement-breakpoint
CREATE INDEX "help_votes_unsolved_idx" ON "help_votes" USING btree ("updated_at") WHERE not "help_votes"."solved";--> statement-breakpoint
CREATE INDEX "help_votes_feedback_idx" ON "help_votes" USING btree ("article_id","updated_at" DESC NULLS FIRST,"voter") WHERE "help_votes"."feedback" <> '';--> statement-breakpoint
CREATE INDEX "search_misses_recent_idx" ON "search_misses" USING btree ("last_seen" DESC NULLS FIRST,"count" DESC NULLS FIRST,"query");--> statement-breakpoint
CREATE INDEX "search_misses_count_idx" ON "search_misses" USING btree ("count" DESC NULLS FIRST,"last_seen" DESC NULLS FIRST,"query");--> statement-breakpoint
-- The staff pages at scale (issue 30, target 4). Writers wait here until the counts are filled, so
-- no comment or vote written meanwhile is missed or counted twice.
LOCK TABLE "comments", "help_votes" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- Every comment (hidden ones too) and the newest one's time, beside the shown count (drizzle/0016).
CREATE OR REPLACE FUNCTION "comments_keep_counts"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE article_comment_counts SET shown = shown - (OLD.hidden_at IS NULL)::int, total = total - 1
    WHERE article_id = OLD.article_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO article_comment_counts (article_id, shown, total, latest) VALUES (NEW.article_id, (NEW.hidden_at IS NULL)::int, 1, NEW.created_at)
    ON CONFLICT (article_id) DO UPDATE SET shown = article_comment_counts.shown + excluded.shown, total = article_comment_counts.total + 1,
      latest = GREATEST(article_comment_counts.latest, excluded.latest);
  END IF;
  -- A comment gone from an article: its newest time is read again (one index range, comments_article_idx).
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.article_id <> NEW.article_id) THEN
    UPDATE article_comment_counts SET latest = (SELECT max(created_at) FROM comments WHERE article_id = OLD.article_id)
    WHERE article_id = OLD.article_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "article_comment_counts_recount"() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM article_comment_counts;
  INSERT INTO article_comment_counts (article_id, shown, total, latest)
  SELECT article_id, count(*) FILTER (WHERE hidden_at IS NULL), count(*), max(created_at) FROM comments GROUP BY article_id;
$$;--> statement-breakpoint
SELECT article_comment_counts_recount();--> statement-breakpoint
-- Votes that say what was missing, and the newest vote's time, beside the solved and unsolved counts (drizzle/0012).
CREATE OR REPLACE FUNCTION "help_votes_keep_counts"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE help_vote_counts SET solved = solved - OLD.solved::int, unsolved = unsolved - (NOT OLD.solved)::int,
      feedback = feedback - (OLD.feedback <> '')::int
    WHERE article_id = OLD.article_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO help_vote_counts (article_id, solved, unsolved, feedback, last_vote_at)
    VALUES (NEW.article_id, NEW.solved::int, (NOT NEW.solved)::int, (NEW.feedback <> '')::int, NEW.updated_at)
    ON CONFLICT (article_id) DO UPDATE SET solved = help_vote_counts.solved + excluded.solved, unsolved = help_vote_counts.unsolved + excluded.unsolved,
      feedback = help_vote_counts.feedback + excluded.feedback, last_vote_at = GREATEST(help_vote_counts.last_vote_at, excluded.last_vote_at);
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.article_id <> NEW.article_id) THEN
    UPDATE help_vote_counts SET last_vote_at = (SELECT max(updated_at) FROM help_votes WHERE article_id = OLD.article_id)
    WHERE article_id = OLD.article_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Voting again changes the counts when the answer, the text or the time changes.
DROP TRIGGER "help_votes_counts_update" ON "help_votes";--> statement-breakpoint
CREATE TRIGGER "help_votes_counts_update" AFTER UPDATE OF "article_id", "solved", "feedback", "updated_at" ON "help_votes"
  FOR EACH ROW WHEN ((OLD.article_id, OLD.solved, OLD.feedback, OLD.updated_at) IS DISTINCT FROM (NEW.article_id, NEW.solved, NEW.feedback, NEW.updated_at))
  EXECUTE FUNCTION help_votes_keep_counts();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "help_vote_counts_recount"() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM help_vote_counts;
  INSERT INTO help_vote_counts (article_id, solved, unsolved, feedback, last_vote_at)
  SELECT article_id, count(*) FILTER (WHERE solved), count(*) FILTER (WHERE NOT solved), count(*) FILTER (WHERE feedback <> ''), max(updated_at)
  FROM help_votes GROUP BY article_id;
$$;--> statement-breakpoint
SELECT help_vote_counts_recount();
