/** The /verify page ("Is it official?", issue 31): the official channels, and the address a GET form asked about. */
import { data, type AppLoadContext } from "react-router";
import { z } from "zod";
import type { LangKey } from "~/i18n/languages";
import { officialChannels } from "../services/official-channels.server";

/** What a pasted address may be: a link, however long a real one gets, on one line. */
const PastedAddress = z.string().trim().min(1).max(2000);

/**
 * The page's data: the official channels (the same list /links shows), and the address of a
 * `?address=` request, which the page checks as it renders (the browser checks as the visitor
 * types; the form reaches the server only without scripts). An answer about one visitor's address
 * is not for sharing: not stored by the page cache or a CDN, and its page is not indexed.
 */
export async function loadVerifyPage(context: AppLoadContext, request: Request, lang: LangKey) {
  const official = await context.shared(`official-channels:${lang}`, () => officialChannels(context.db, context.officialChannels, lang));
  if (!official) throw data(null, { status: 404 });
  const asked = new URL(request.url).searchParams.get("address");
  const address = asked === null ? null : (PastedAddress.safeParse(asked.replace(/[\r\n]+/g, "")).data ?? null);
  const page = { lang, official, address };
  return asked === null ? page : data(page, { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" } });
}
