/**
 * The partner directory and the partner programme's applications (api.md "Use cases, partners,
 * referral"). Filters by type and region combine; counts per filter are facet counts (each
 * filter's counts under the other filter), so every choice shows how many partners it leads to.
 */
import { sql, type SQL } from "drizzle-orm";
import type { ApplicationDetail, ApplicationSummary, InboxCounts, InboxFilter, InboxPage, InboxStatus } from "@contracts/staff-inbox";
import type { Facet, PartnerDetail as PartnerPage, PartnerSummary } from "@contracts/partners";
import type { LangKey } from "~/i18n/languages";
import type { StaffIdentity } from "@contracts/staff-access";
import type { Database, Executor } from "../db/client.server";
import { isoUtc } from "../db/sql-helpers.server";
import { clientHash, spendAllowance } from "../infrastructure/abuse-limits.server";
import { deliveryStatuses, enqueue, setAnnouncedRecordStatus } from "../infrastructure/outbox.server";
import { newReference } from "../infrastructure/references.server";

export type { Facet, PartnerSummary };

/** A partner as the API and the route answer it: with the languages it is described in, for hreflang. */
export type PartnerDetail = PartnerPage & { languages: LangKey[] };

export interface PartnerFilter {
  type?: string;
  region?: string;
}

const LISTED = sql`p.status = 'published'`;

const typeIs = (slug: string | undefined): SQL => (slug ? sql`p.type_id = (SELECT id FROM partner_types WHERE slug = ${slug})` : sql`true`);
const servesRegion = (slug: string | undefined): SQL =>
  slug
    ? sql`EXISTS (SELECT 1 FROM partner_region_links l JOIN partner_regions r ON r.id = l.region_id WHERE l.partner_id = p.id AND r.slug = ${slug})`
    : sql`true`;

/** Types and regions named in the language, each with the number of partners it leads to. */
export async function partnerFacets(db: Executor, lang: LangKey, filter: PartnerFilter = {}): Promise<{ types: Facet[]; regions: Facet[] }> {
  const [types, regions] = await Promise.all([
    db.execute<Facet & Record<string, unknown>>(sql`
      SELECT pt.id, pt.slug, COALESCE(tt.name, pt.slug) AS name,
        (SELECT count(*) FROM partners p JOIN partner_translations x ON x.partner_id = p.id AND x.lang = ${lang}
         WHERE ${LISTED} AND p.type_id = pt.id AND ${servesRegion(filter.region)})::int AS count
      FROM partner_types pt LEFT JOIN partner_type_translations tt ON tt.type_id = pt.id AND tt.lang = ${lang}
      ORDER BY pt.sort`),
    db.execute<Facet & Record<string, unknown>>(sql`
      SELECT pr.id, pr.slug, COALESCE(rt.name, pr.slug) AS name,
        (SELECT count(*) FROM partners p JOIN partner_translations x ON x.partner_id = p.id AND x.lang = ${lang}
         WHERE ${LISTED} AND ${typeIs(filter.type)}
           AND EXISTS (SELECT 1 FROM partner_region_links l WHERE l.partner_id = p.id AND l.region_id = pr.id))::int AS count
      FROM partner_regions pr LEFT JOIN partner_region_translations rt ON rt.region_id = pr.id AND rt.lang = ${lang}
      ORDER BY pr.sort`),
  ]);
  return { types: types.rows, regions: regions.rows };
}

/** Whether a type or region slug exists (an unknown filter is a 404 page, an invalid API value). */
export async function filterExists(db: Executor, filter: PartnerFilter): Promise<{ type: boolean; region: boolean }> {
  const { rows } = await db.execute<{ type: boolean; region: boolean }>(sql`
    SELECT (${filter.type ?? null}::text IS NULL OR EXISTS (SELECT 1 FROM partner_types WHERE slug = ${filter.type ?? null})) AS type,
           (${filter.region ?? null}::text IS NULL OR EXISTS (SELECT 1 FROM partner_regions WHERE slug = ${filter.region ?? null})) AS region`);
  return rows[0]!;
}

const PARTNER_COLUMNS = sql`
  p.id, p.name, p.logo, x.summary, x.services,
  json_build_object('slug', pt.slug, 'name', COALESCE(tt.name, pt.slug)) AS type,
  COALESCE((SELECT json_agg(json_build_object('slug', r.slug, 'name', COALESCE(rt.name, r.slug)) ORDER BY r.sort)
            FROM partner_region_links l JOIN partner_regions r ON r.id = l.region_id
            LEFT JOIN partner_region_translations rt ON rt.region_id = r.id AND rt.lang = x.lang
            WHERE l.partner_id = p.id), '[]'::json) AS regions`;

const PARTNER_FROM = (lang: LangKey) => sql`
  FROM partners p
  JOIN partner_translations x ON x.partner_id = p.id AND x.lang = ${lang}
  JOIN partner_types pt ON pt.id = p.type_id
  LEFT JOIN partner_type_translations tt ON tt.type_id = pt.id AND tt.lang = ${lang}`;

/** Listed partners described in the language, filtered, in the content's order, one page. */
export async function listPartners(
  db: Executor,
  q: PartnerFilter & { lang: LangKey; page: number; pageSize: number },
): Promise<{ list: PartnerSummary[]; total: number; page: number; page_size: number }> {
  const where = sql`${LISTED} AND ${typeIs(q.type)} AND ${servesRegion(q.region)}`;
  const [{ rows }, { rows: count }] = await Promise.all([
    db.execute<PartnerSummary & Record<string, unknown>>(sql`
      SELECT ${PARTNER_COLUMNS} ${PARTNER_FROM(q.lang)} WHERE ${where}
      ORDER BY p.sort, p.id LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`),
    db.execute<{ total: number }>(sql`SELECT count(*)::int AS total ${PARTNER_FROM(q.lang)} WHERE ${where}`),
  ]);
  return { list: rows, total: count[0]!.total, page: q.page, page_size: q.pageSize };
}

export async function getPartner(db: Executor, lang: LangKey, id: number): Promise<PartnerDetail | null> {
  const { rows } = await db.execute<PartnerDetail & Record<string, unknown>>(sql`
    SELECT ${PARTNER_COLUMNS}, x.description_html AS description, p.website, x.offer,
           ARRAY(SELECT lang FROM partner_translations WHERE partner_id = p.id ORDER BY lang) AS languages
    ${PARTNER_FROM(lang)} WHERE ${LISTED} AND p.id = ${id}`);
  return rows[0] ?? null;
}

/** Other listed partners of the same type, for the detail page. */
export async function partnersOfType(db: Executor, lang: LangKey, typeSlug: string, exceptId: number, limit = 3): Promise<PartnerSummary[]> {
  const { rows } = await db.execute<PartnerSummary & Record<string, unknown>>(sql`
    SELECT ${PARTNER_COLUMNS} ${PARTNER_FROM(lang)} WHERE ${LISTED} AND pt.slug = ${typeSlug} AND p.id <> ${exceptId}
    ORDER BY p.sort, p.id LIMIT ${limit}`);
  return rows;
}

export interface ApplicationInput {
  company: string;
  name: string;
  email: string;
  website: string;
  type: string;
  regions: string[];
  message: string;
  lang: LangKey;
}

/** The outbox topic a stored application is announced under; its payload carries the application's `reference`. */
export const APPLICATION_TOPIC = "partner.application";

export type ApplicationOutcome = { ok: true; id: number; reference: string } | { ok: false; field: "type" | "regions" };

/**
 * Stores an application and its outbox message in one transaction, after spending the visitor's
 * allowance: a refused or failed application leaves nothing behind and spends nothing.
 */
export async function applyAsPartner(db: Database, input: ApplicationInput, ctx: { ip: string | undefined }): Promise<ApplicationOutcome> {
  const regions = [...new Set(input.regions)];
  const known = await db.execute<{ type_ok: boolean; regions_found: number }>(sql`
    SELECT EXISTS (SELECT 1 FROM partner_types WHERE slug = ${input.type}) AS type_ok,
           (SELECT count(*) FROM partner_regions WHERE slug IN (${sql.join(
             regions.map((r) => sql`${r}`),
             sql`, `,
           )}))::int AS regions_found`);
  if (!known.rows[0]!.type_ok) return { ok: false, field: "type" };
  if (known.rows[0]!.regions_found !== regions.length) return { ok: false, field: "regions" };
  return db.transaction(async (tx) => {
    await spendAllowance(tx, "partner-apply", { ip: ctx.ip });
    const reference = newReference("PA");
    const { rows } = await tx.execute<{ id: number; created_at: Date }>(sql`
      INSERT INTO partner_applications (reference, company, contact_name, email, website, type, regions, message, lang, client_hash)
      VALUES (${reference}, ${input.company}, ${input.name}, ${input.email}, ${input.website}, ${input.type},
              ${JSON.stringify(regions)}::jsonb, ${input.message}, ${input.lang}, ${await clientHash(tx, ctx.ip)})
      RETURNING id, created_at`);
    const row = rows[0]!;
    await enqueue(tx, APPLICATION_TOPIC, {
      id: row.id,
      reference,
      company: input.company,
      name: input.name,
      email: input.email,
      website: input.website,
      type: input.type,
      regions,
      message: input.message,
      lang: input.lang,
      created_at: new Date(row.created_at).toISOString(),
    });
    return { ok: true, id: row.id, reference } as const;
  });
}

// ---- staff area ----------------------------------------------------------------------------

const statusIs = (filter: InboxFilter) => (filter === "all" ? sql`true` : sql`a.status = ${filter}`);

/** An application's message, first characters on one line, for lists. */
const ONE_LINE = sql`regexp_replace(btrim(a.message), '\\s+', ' ', 'g')`;
const PREVIEW = sql`CASE WHEN char_length(${ONE_LINE}) > 160 THEN left(${ONE_LINE}, 160) || '…' ELSE ${ONE_LINE} END`;

const APPLICATION_COLUMNS = sql`
  a.id, a.reference, a.company, a.contact_name, a.email, a.lang, a.status, ${PREVIEW} AS preview,
  ${isoUtc(sql`a.created_at`)} AS created_at, ${isoUtc(sql`a.handled_at`)} AS handled_at`;

export async function partnerApplicationCounts(db: Executor): Promise<InboxCounts> {
  const { rows } = await db.execute<{ new: number; handled: number }>(sql`
    SELECT count(*) FILTER (WHERE status = 'new')::int AS new, count(*) FILTER (WHERE status = 'handled')::int AS handled FROM partner_applications`);
  return rows[0]!;
}

/** Applications newest first, one page, each with the delivery status of its announcement. */
export async function listPartnerApplications(
  db: Executor,
  q: { status: InboxFilter; page: number; pageSize: number },
): Promise<InboxPage<ApplicationSummary>> {
  const [{ rows }, { rows: count }] = await Promise.all([
    db.execute<Omit<ApplicationSummary, "delivery">>(sql`
      SELECT ${APPLICATION_COLUMNS} FROM partner_applications a WHERE ${statusIs(q.status)}
      ORDER BY a.created_at DESC, a.id DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`),
    db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM partner_applications a WHERE ${statusIs(q.status)}`),
  ]);
  const delivery = await deliveryStatuses(
    db,
    APPLICATION_TOPIC,
    rows.map((r) => r.reference),
  );
  return { list: rows.map((r) => ({ ...r, delivery: delivery.get(r.reference)! })), total: count[0]!.total, page: q.page, page_size: q.pageSize };
}

/**
 * One application as written, its type and regions named in `lang` (the staff member's language,
 * English when the content has no such name), with the delivery status of its announcement.
 */
export async function partnerApplicationById(db: Executor, id: number, lang: LangKey): Promise<ApplicationDetail | null> {
  const { rows } = await db.execute<Omit<ApplicationDetail, "delivery">>(sql`
    SELECT ${APPLICATION_COLUMNS}, a.website, a.message,
      json_build_object('slug', a.type, 'name', COALESCE(
        (SELECT tt.name FROM partner_types pt JOIN partner_type_translations tt ON tt.type_id = pt.id
         WHERE pt.slug = a.type ORDER BY (tt.lang = ${lang}) DESC, (tt.lang = 'en') DESC LIMIT 1), a.type)) AS type,
      COALESCE((SELECT json_agg(json_build_object('slug', r.slug, 'name', COALESCE(
          (SELECT rt.name FROM partner_region_translations rt WHERE rt.region_id = pr.id ORDER BY (rt.lang = ${lang}) DESC, (rt.lang = 'en') DESC LIMIT 1),
          r.slug)) ORDER BY r.ord)
        FROM jsonb_array_elements_text(a.regions) WITH ORDINALITY AS r(slug, ord)
        LEFT JOIN partner_regions pr ON pr.slug = r.slug), '[]'::json) AS regions
    FROM partner_applications a WHERE a.id = ${id}`);
  const row = rows[0];
  if (!row) return null;
  const delivery = await deliveryStatuses(db, APPLICATION_TOPIC, [row.reference]);
  return { ...row, delivery: delivery.get(row.reference)! };
}

/** Marks an application handled or new (outbox.server.ts: setAnnouncedRecordStatus); null when there is none. */
export function setPartnerApplicationStatus(
  db: Database,
  staff: Pick<StaffIdentity, "id" | "email">,
  id: number,
  status: InboxStatus,
): Promise<{ changed: boolean } | null> {
  return setAnnouncedRecordStatus(db, staff, { table: "partner_applications", entity: "partner-application", id }, status);
}
