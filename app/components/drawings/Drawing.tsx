import { use, useContext, useEffect, useId, useState } from "react";
import { useSiteLocale } from "~/i18n/use-lang";
import { useTranslation } from "~/i18n/use-translation";
import { StaticFragmentsContext } from "~/lib/static-fragments";
import { fetchedOnce } from "./fetched-once";
import { whenIdle } from "~/lib/when-idle";
import { DRAWINGS, type DrawingName } from "./index";
import type { DrawingKey } from "./types";

type Pictures = typeof DRAWINGS;

// The pictures' code (5 KB gzip) is not part of a page's first load: a page that loads as a
// document keeps the markup the server wrote, so the browser needs them only to draw a picture
// itself (a client navigation, another language), and fetches them when idle before that
// (docs/decisions/0045).
const PICTURES = fetchedOnce(import.meta.env.SSR ? DRAWINGS : undefined, () => import("./index").then((m) => m.DRAWINGS));

/**
 * A drawing in the page with its caption: the picture is hidden from screen readers (the caption
 * and the text around it say what it shows) and inert, as an image is: its drawn words are not
 * selected, found in the page or checked for contrast as text (docs/decisions/0038), and scaled as a whole to its box's width by .drawing
 * in app.css, so it is sharp at any size and never wider than the screen. Routes that show one
 * send the "drawings" namespace.
 */
export function Drawing({ name, className = "", caption = true }: { name: DrawingName; className?: string; caption?: boolean }) {
  const { t } = useTranslation("drawings");
  const { lang } = useSiteLocale();
  const fragments = useContext(StaticFragmentsContext);
  const canvasId = useId();
  // In the browser, the markup the server wrote is kept as it is when the page hydrates: a picture
  // has nothing to hydrate, and its 120-190 elements were a fifth of a home page's hydration
  // (docs/decisions/0043). Found by its id (useId is the same in both renders); a drawing rendered
  // by a client navigation, or in another language than the one the page loaded in, is drawn here.
  const [served] = useState(() => (fragments || typeof document === "undefined" ? null : { lang, html: document.getElementById(canvasId)?.innerHTML }));
  // Fetched while the browser is idle, so that a later navigation or language switch draws at once.
  useEffect(() => (PICTURES.now() ? undefined : whenIdle(() => void PICTURES.load())), []);
  const drawn = (all: Pictures) => {
    const Picture = all[name];
    return <Picture t={(key: DrawingKey) => t(key)} />;
  };
  const ready = PICTURES.now();
  const html = fragments && ready ? fragments(t, name, () => drawn(ready)) : served?.lang === lang ? served.html : undefined;
  return (
    <figure className={className} data-drawing={name}>
      <div aria-hidden="true" inert className="drawing">
        {/* 120-190 elements that change only with the language: on the server, written once per process. */}
        {html !== undefined ? (
          <div key="served" id={canvasId} className="drawing-canvas" dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <div key="drawn" id={canvasId} className="drawing-canvas">
            {/* Not fetched yet (a navigation soon after the first load): the navigation waits for them. */}
            {drawn(PICTURES.now() ?? use(PICTURES.load()))}
          </div>
        )}
      </div>
      {caption ? <figcaption className="mt-3 text-center text-sm text-slate-600">{t(`captions.${name}`)}</figcaption> : null}
    </figure>
  );
}
