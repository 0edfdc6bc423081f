import { useContext, useId, useState } from "react";
import { useSiteLocale } from "~/i18n/use-lang";
import { useTranslation } from "~/i18n/use-translation";
import { StaticFragmentsContext } from "~/lib/static-fragments";
import { DRAWINGS, type DrawingName } from "./index";
import type { DrawingKey } from "./types";

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
  const Picture = DRAWINGS[name];
  const picture = () => <Picture t={(key: DrawingKey) => t(key)} />;
  const html = fragments ? fragments(t, name, picture) : served?.lang === lang ? served.html : undefined;
  return (
    <figure className={className} data-drawing={name}>
      <div aria-hidden="true" inert className="drawing">
        {/* 120-190 elements that change only with the language: on the server, written once per process. */}
        {html !== undefined ? (
          <div key="served" id={canvasId} className="drawing-canvas" dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <div key="drawn" id={canvasId} className="drawing-canvas">
            {picture()}
          </div>
        )}
      </div>
      {caption ? <figcaption className="mt-3 text-center text-sm text-slate-600">{t(`captions.${name}`)}</figcaption> : null}
    </figure>
  );
}
