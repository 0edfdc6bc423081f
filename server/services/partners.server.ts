/**
 * The partner directory and the partner programme's applications (api.md "Use cases, partners,
 * referral"). Filters by type and region combine; counts per filter are facet counts (each
 * filter's counts under the other filter), so every choice shows how many partners it leads to.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Facet, PartnerDetail as PartnerPage, PartnerSummary } from "~/components/partners/types";
import type { LangKey } from "~/i18n/languages";
import type { Database } from "../db/client.server";
import { clientHash, spendAllowance } from "./abuse-limits.server";
import { enqueue } from "./outbox.server";
import { newReference } from "./references.server";

type Executor = Pick<Database, "execute">;

export type { Facet, PartnerSummary };

/** A partner as the API and the route answer it: with the languages it is described in, for hreflang. */
export type PartnerDetail = PartnerPage & { languages: LangKey[] };

export interface PartnerFilter {
  type?: string;
  region?: string;
}

const LISTED = sql`p.status = 'published'`;

const typeIs = (slug: string | undefined): SQL =>
  slug ? sql`p.type_id = (SELECT id FROM partner_types WHERE slug = ${slug})` : sql`true`;
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
    await enqueue(tx, "partner.application", {
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
