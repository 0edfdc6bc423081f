/**
 * The staff pages read counts that do not grow with a table's history (drizzle/0021, issue 30
 * target 4): the dashboard counts index ranges (today on, the last 7 or 30 days, the hidden), and
 * the moderation filter and the feedback list read counts kept by triggers. Each is checked against
 * the whole-table query it replaced, after writes of every kind (new, hidden, deleted, voted again).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboardCounts } from "../../server/pages/staff-dashboard.server";
import { commentedArticles } from "../../server/services/comments.server";
import { listHelpFeedback } from "../../server/services/help.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

const TIME_ZONE = "Asia/Shanghai";

let database: TestDatabase;
const rows = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute<T & Record<string, unknown>>(query)).rows;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe("kept counts and index ranges", () => {
  let articles: number[];
  let helpIds: number[];

  beforeAll(async () => {
    articles = (await rows<{ id: number }>(sql`SELECT id FROM articles WHERE status = 'published' ORDER BY id LIMIT 3`)).map((r) => r.id);
    helpIds = (await rows<{ id: number }>(sql`SELECT id FROM help_articles WHERE status = 'published' ORDER BY id LIMIT 2`)).map((r) => r.id);
    const [a, b, c] = articles as [number, number, number];
    // Comments: old and new, hidden and shown, on three articles.
    await database.db.execute(sql`
      INSERT INTO comments (article_id, name, content, hidden_at, created_at) VALUES
        (${a}, 'old', 'Ten days ago.', NULL, now() - interval '10 days'),
        (${a}, 'hidden', 'Hidden two days ago.', now(), now() - interval '2 days'),
        (${b}, 'new', 'An hour ago.', NULL, now() - interval '1 hour'),
        (${c}, 'newest', 'Just now.', NULL, now()),
        (${c}, 'older', 'Three days ago.', now(), now() - interval '3 days')`);
    // Votes: unsolved within and beyond 30 days, solved, with and without what was missing.
    const [h1, h2] = helpIds as [number, number];
    await database.db.execute(sql`
      INSERT INTO help_votes (article_id, voter, solved, feedback, created_at, updated_at) VALUES
        (${h1}, 'v1', false, 'No word on UDP.', now() - interval '2 days', now() - interval '2 days'),
        (${h1}, 'v2', false, '', now() - interval '40 days', now() - interval '40 days'),
        (${h1}, 'v3', true, '', now(), now()),
        (${h2}, 'v4', false, 'Screenshots are old.', now() - interval '1 day', now() - interval '1 day')`);
    await database.db.execute(sql`
      INSERT INTO search_misses (lang, scope, query, count, first_seen, last_seen) VALUES
        ('en', 'site', 'staff counts recent', 2, now() - interval '50 days', now() - interval '1 day'),
        ('en', 'site', 'staff counts old', 5, now() - interval '50 days', now() - interval '45 days')`);
    // Bookings yesterday, today (before and after now) and tomorrow (just after midnight too) in the business time zone, one cancelled.
    const slots = await rows<{ id: number }>(sql`
      INSERT INTO booking_slots (starts_at, ends_at, capacity, booked)
      SELECT s, s + interval '30 minutes', 5, 0 FROM (VALUES
        (date_trunc('day', now() AT TIME ZONE ${TIME_ZONE}) AT TIME ZONE ${TIME_ZONE} - interval '1 day' + interval '10 hours 7 minutes'),
        (date_trunc('day', now() AT TIME ZONE ${TIME_ZONE}) AT TIME ZONE ${TIME_ZONE} + interval '7 minutes'),
        (date_trunc('day', now() AT TIME ZONE ${TIME_ZONE}) AT TIME ZONE ${TIME_ZONE} + interval '23 hours 37 minutes'),
        (date_trunc('day', now() AT TIME ZONE ${TIME_ZONE}) AT TIME ZONE ${TIME_ZONE} + interval '1 day 7 minutes'),
        (date_trunc('day', now() AT TIME ZONE ${TIME_ZONE}) AT TIME ZONE ${TIME_ZONE} + interval '1 day 10 hours 7 minutes')) v(s)
      ON CONFLICT (starts_at) DO UPDATE SET capacity = 5
      RETURNING id`);
    let n = 0;
    for (const slot of slots)
      for (const status of ["unsolved", "solved", "cancelled"]) {
        n++;
        await database.db.execute(sql`
          INSERT INTO bookings (reference, slot_id, company, account, phone, chat_app, content, contact_from, contact_to, lang, status, client_hash)
          VALUES (${`SC${String(n).padStart(6, "0")}`}, ${slot.id}, 'Counts Ltd', 'a@example.com', '+15550000000', true, 'Counting.', '09:00', '18:00', 'en', ${status}, 'x')`);
      }
  });

  /** The comment and vote counts as the whole tables give them. */
  const recounted = async () => ({
    comments: await rows(sql`
      SELECT article_id, count(*) FILTER (WHERE hidden_at IS NULL)::int AS shown, count(*)::int AS total, max(created_at) AS latest
      FROM comments GROUP BY article_id ORDER BY article_id`),
    kept: await rows(sql`SELECT article_id, shown, total, latest FROM article_comment_counts WHERE total > 0 ORDER BY article_id`),
    votes: await rows(sql`
      SELECT article_id, count(*) FILTER (WHERE solved)::int AS solved, count(*) FILTER (WHERE NOT solved)::int AS unsolved,
             count(*) FILTER (WHERE feedback <> '')::int AS feedback, max(updated_at) AS last_vote_at
      FROM help_votes GROUP BY article_id ORDER BY article_id`),
    keptVotes: await rows(sql`
      SELECT article_id, solved, unsolved, feedback, last_vote_at FROM help_vote_counts WHERE solved + unsolved > 0 ORDER BY article_id`),
  });

  it("the dashboard counts what the whole tables count", async () => {
    const [whole] = await rows<Record<string, number>>(sql`
      SELECT (SELECT count(*) FILTER (WHERE b.status = 'unsolved' AND s.starts_at >= now())
              FROM bookings b JOIN booking_slots s ON s.id = b.slot_id)::int AS upcoming,
             (SELECT count(*) FILTER (WHERE b.status <> 'cancelled' AND (s.starts_at AT TIME ZONE ${TIME_ZONE})::date = (now() AT TIME ZONE ${TIME_ZONE})::date)
              FROM bookings b JOIN booking_slots s ON s.id = b.slot_id)::int AS today,
             (SELECT count(*) FROM comments WHERE created_at > now() - interval '7 days')::int AS week,
             (SELECT count(*) FROM comments WHERE hidden_at IS NOT NULL)::int AS hidden,
             (SELECT count(*) FROM help_votes WHERE NOT solved AND updated_at > now() - interval '30 days')::int AS unsolved,
             (SELECT count(*) FROM search_misses WHERE last_seen > now() - interval '30 days')::int AS misses`);
    const counts = await dashboardCounts(database.db, "admin", TIME_ZONE);
    expect(counts.bookings).toEqual({ unsolvedUpcoming: whole!.upcoming, today: whole!.today });
    expect(counts.comments).toEqual({ lastWeek: whole!.week, hidden: whole!.hidden });
    expect(counts.feedback).toEqual({ unsolvedLastMonth: whole!.unsolved, searchMisses: whole!.misses });
    // What was written above is in them: today's two slots hold two bookings each that are not cancelled.
    expect(counts.bookings!.today).toBeGreaterThanOrEqual(4);
    expect(counts.bookings!.unsolvedUpcoming).toBeGreaterThanOrEqual(2);
    expect(counts.comments).toMatchObject({ lastWeek: expect.any(Number), hidden: 2 });
    expect(counts.feedback!.unsolvedLastMonth).toBe(2);
    expect(counts.feedback!.searchMisses).toBeGreaterThanOrEqual(1);
  });

  it("the kept comment and vote counts follow new, hidden, deleted and changed rows", async () => {
    const [a, b, c] = articles as [number, number, number];
    const [h1, h2] = helpIds as [number, number];
    let now = await recounted();
    expect(now.kept).toEqual(now.comments);
    expect(now.keptVotes).toEqual(now.votes);

    // The newest comment of c deleted: c's newest is the hidden one again; a comment shown, one hidden.
    await database.db.execute(sql`DELETE FROM comments WHERE article_id = ${c} AND name = 'newest'`);
    await database.db.execute(sql`UPDATE comments SET hidden_at = NULL WHERE article_id = ${a} AND name = 'hidden'`);
    await database.db.execute(sql`UPDATE comments SET hidden_at = now() WHERE article_id = ${b}`);
    // Every comment of one article gone: it leaves the moderation filter.
    await database.db.execute(sql`INSERT INTO comments (article_id, name, content) VALUES (${b}, 'later', 'Deleted soon.')`);
    await database.db.execute(sql`DELETE FROM comments WHERE article_id = ${b}`);
    // A visitor votes again (unsolved with a text → solved), another's text is cleared, a vote is deleted.
    await database.db.execute(sql`UPDATE help_votes SET solved = true, feedback = '', updated_at = now() WHERE article_id = ${h1} AND voter = 'v1'`);
    await database.db.execute(sql`UPDATE help_votes SET feedback = '' WHERE article_id = ${h2} AND voter = 'v4'`);
    await database.db.execute(sql`DELETE FROM help_votes WHERE article_id = ${h1} AND voter = 'v3'`);
    now = await recounted();
    expect(now.kept).toEqual(now.comments);
    expect(now.keptVotes).toEqual(now.votes);
    expect(now.kept.some((r) => r.article_id === b)).toBe(false);

    // The moderation filter and the feedback list read them, in the order the whole tables give.
    const byLatest = await rows<{ id: number; comments: number }>(sql`
      SELECT n.article_id AS id, n.comments FROM (SELECT article_id, count(*)::int AS comments, max(created_at) AS latest FROM comments GROUP BY article_id) n
      ORDER BY n.latest DESC, n.article_id DESC`);
    expect((await commentedArticles(database.db)).map((r) => ({ id: r.id, comments: r.comments }))).toEqual(byLatest);
    const feedback = await listHelpFeedback(database.db, { sort: "unsolved", page: 1, pageSize: 50 });
    expect(feedback.list.map((r) => [r.id, r.solved_count, r.unsolved_count, r.feedback_count])).toEqual(
      now.votes
        .map((v) => [v.article_id, v.solved, v.unsolved, v.feedback] as [number, number, number, number])
        .sort((x, y) => y[2] - x[2] || x[1] - y[1] || 0),
    );
    expect(feedback.total).toBe(now.votes.length);
  });
});
