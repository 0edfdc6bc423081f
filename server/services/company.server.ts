/** The about page (api.md "FAQ, about"), from page_texts; the official links: official-channels.server.ts. */
import type { LangKey } from "~/i18n/languages";
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
