/** The about page and the official links (api.md "FAQ, about, links"), from page_texts. */
import type { LangKey } from "~/i18n/languages";
import { DEFAULT_LANG } from "~/i18n/languages";
import type { Executor } from "../db/client.server";
import { pageText } from "./page-texts.server";

export interface AboutView {
  story: string;
  milestones: { year: number; title: string; text: string }[];
  values: { title: string; text: string }[];
  jobs: { id: string; title: string; team: string; location: string; type: string; summary: string; description: string }[];
}

export async function about(db: Executor, lang: LangKey): Promise<AboutView | null> {
  const data = await pageText<Omit<AboutView, "jobs"> & { jobs: (Omit<AboutView["jobs"][number], "id"> & { slug: string })[] }>(db, "about", lang);
  if (!data) return null;
  return { ...data, jobs: data.jobs.map(({ slug, ...job }) => ({ id: slug, ...job })) };
}

export interface LinkGroupView {
  group: string;
  slug: string;
  items: { slug: string; name: string; url: string; description: string; kind: string }[];
}

export async function links(db: Executor, lang: LangKey): Promise<{ intro: string; groups: LinkGroupView[] } | null> {
  const [addresses, texts] = await Promise.all([
    pageText<{ groups: { slug: string; items: { slug: string; url: string; kind: string }[] }[] }>(db, "link-addresses", DEFAULT_LANG),
    pageText<{ intro: string; groups: Record<string, string>; items: Record<string, { name: string; description: string }> }>(db, "links", lang),
  ]);
  if (!addresses || !texts) return null;
  return {
    intro: texts.intro,
    groups: addresses.groups.map((g) => ({
      slug: g.slug,
      group: texts.groups[g.slug] ?? g.slug,
      items: g.items.map((i) => ({ ...i, name: texts.items[i.slug]?.name ?? i.slug, description: texts.items[i.slug]?.description ?? "" })),
    })),
  };
}
