import { useTranslation } from "~/i18n/use-translation";
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
  const Picture = DRAWINGS[name];
  return (
    <figure className={className} data-drawing={name}>
      <div aria-hidden="true" inert className="drawing">
        <div className="drawing-canvas">
          <Picture t={(key: DrawingKey) => t(key)} />
        </div>
      </div>
      {caption ? <figcaption className="mt-3 text-center text-sm text-slate-600">{t(`captions.${name}`)}</figcaption> : null}
    </figure>
  );
}
