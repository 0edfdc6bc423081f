/**
 * The pieces every drawing is built of. Each element with more than one child is a flex box and
 * every style is an inline object of px numbers: satori lays out only that subset, and the page
 * renders the same markup (docs/decisions/0031). Nothing here is focusable: a drawing is a picture.
 */
import type { CSSProperties, ReactNode } from "react";
import { CANVAS, C, R, T } from "./tokens";
import type { DrawingKey, DrawingWords } from "./types";

export const row = (s: CSSProperties = {}): CSSProperties => ({ display: "flex", alignItems: "center", ...s });
export const col = (s: CSSProperties = {}): CSSProperties => ({ display: "flex", flexDirection: "column", ...s });
const nowrap: CSSProperties = { whiteSpace: "nowrap", overflow: "hidden" };

export function Text({
  children,
  size = T.md,
  color = C.text,
  bold = false,
  style,
}: {
  children: string;
  size?: number;
  color?: string;
  bold?: boolean;
  style?: CSSProperties;
}) {
  return <div style={{ display: "flex", fontSize: size, color, fontWeight: bold ? 700 : 400, ...nowrap, ...style }}>{children}</div>;
}

export function Badge({ children, color = C.indigoDark, background = C.indigoSoft }: { children: string; color?: string; background?: string }) {
  return <div style={row({ padding: "2px 8px", borderRadius: R.pill, background, color, fontSize: T.xs, fontWeight: 700, ...nowrap })}>{children}</div>;
}

export function Button({ children, quiet = false }: { children: string; quiet?: boolean }) {
  return (
    <div
      style={row({
        padding: "5px 12px",
        borderRadius: R.md,
        fontSize: T.sm,
        fontWeight: 700,
        ...nowrap,
        ...(quiet ? { color: C.indigoDark, background: C.white, border: `1px solid ${C.indigoLine}` } : { color: C.white, background: C.indigo }),
      })}
    >
      {children}
    </div>
  );
}

export function Toggle({ on = true }: { on?: boolean }) {
  return (
    <div
      style={row({
        width: 32,
        height: 18,
        borderRadius: R.pill,
        padding: 2,
        background: on ? C.indigo : C.line,
        justifyContent: on ? "flex-end" : "flex-start",
      })}
    >
      <div style={{ display: "flex", width: 14, height: 14, borderRadius: R.pill, background: C.white }} />
    </div>
  );
}

/** A tick in a circle, drawn with borders (no glyph a subset font might lack). */
export function Check({ on = true, size = 18 }: { on?: boolean; size?: number }) {
  return (
    <div style={row({ width: size, height: size, borderRadius: R.pill, justifyContent: "center", background: on ? C.greenSoft : C.chrome })}>
      {on ? (
        <div
          style={{
            display: "flex",
            width: 5,
            height: 9,
            marginTop: -2,
            borderRight: `2px solid ${C.green}`,
            borderBottom: `2px solid ${C.green}`,
            transform: "rotate(45deg)",
          }}
        />
      ) : (
        <div style={{ display: "flex", width: 8, height: 2, background: C.faint }} />
      )}
    </div>
  );
}

/** A dot of colour: a status light. */
export function Dot({ color, size = 8 }: { color: string; size?: number }) {
  return <div style={{ display: "flex", width: size, height: size, borderRadius: R.pill, background: color, flexShrink: 0 }} />;
}

/** A letter in a coloured rounded square: an avatar, an app, a country. */
export function Tile({
  letter,
  color,
  size = 28,
  radius = R.md,
  text = T.sm,
}: {
  letter: string;
  color: string;
  size?: number;
  radius?: number;
  text?: number;
}) {
  return (
    <div
      style={row({
        width: size,
        height: size,
        borderRadius: radius,
        justifyContent: "center",
        background: color,
        color: C.white,
        fontSize: text,
        fontWeight: 700,
        flexShrink: 0,
      })}
    >
      {letter}
    </div>
  );
}

/** A country as a two-band badge with its code: flag-like without drawing any real flag. */
export function Country({ code, top, bottom }: { code: string; top: string; bottom: string }) {
  return (
    <div style={row({ gap: 5 })}>
      <div style={col({ width: 16, height: 11, borderRadius: 2, overflow: "hidden", border: `1px solid ${C.line}` })}>
        <div style={{ display: "flex", height: 5, background: top }} />
        <div style={{ display: "flex", height: 5, background: bottom }} />
      </div>
      <Text size={T.sm} color={C.muted} bold>
        {code}
      </Text>
    </div>
  );
}

export const initial = (name: string) => [...name.replace(/^[^\p{L}]+/u, "")][0] ?? "•";

const NAV: readonly DrawingKey[] = ["app.profiles", "app.proxies", "app.team", "app.automation", "app.settings"];

/** The app window: title bar with its three lights, the app's side menu, and the content. */
export function Window({ t, active, children }: { t: DrawingWords; active: DrawingKey | null; children: ReactNode }) {
  return (
    // Border outside the box (content-box, as satori lays out): the window is the canvas exactly.
    <div
      style={col({
        width: CANVAS.width - 2,
        height: CANVAS.height - 2,
        background: C.white,
        borderRadius: R.xl,
        border: `1px solid ${C.line}`,
        overflow: "hidden",
        color: C.text,
        fontSize: T.md,
      })}
    >
      <div style={row({ height: 34, padding: "0 14px", gap: 7, background: C.chrome, borderBottom: `1px solid ${C.line}`, flexShrink: 0 })}>
        <Dot color="#f87171" size={11} />
        <Dot color="#fbbf24" size={11} />
        <Dot color="#34d399" size={11} />
        <Text size={T.sm} color={C.muted} bold style={{ flexGrow: 1, justifyContent: "center", marginRight: 50 }}>
          Facet Browser
        </Text>
      </div>
      <div style={row({ flexGrow: 1, alignItems: "stretch", minHeight: 0 })}>
        {active ? (
          <div style={col({ width: 168, padding: "16px 12px", gap: 4, background: C.rail, flexShrink: 0 })}>
            <div style={row({ gap: 8, marginBottom: 14, padding: "0 6px" })}>
              <Tile letter="F" color={C.indigo} size={24} />
              <Text size={T.lg} color={C.white} bold>
                Facet
              </Text>
            </div>
            {NAV.map((key) => (
              <div
                key={key}
                style={row({ gap: 9, padding: "7px 8px", borderRadius: R.md, background: key === active ? "rgba(255,255,255,0.14)" : "transparent" })}
              >
                <div
                  style={{
                    display: "flex",
                    width: 12,
                    height: 12,
                    borderRadius: 3,
                    border: `2px solid ${key === active ? C.white : C.railText}`,
                    flexShrink: 0,
                  }}
                />
                <Text color={key === active ? C.white : C.railText} bold={key === active}>
                  {t(key)}
                </Text>
              </div>
            ))}
          </div>
        ) : null}
        <div style={col({ flexGrow: 1, minWidth: 0, background: C.white })}>{children}</div>
      </div>
    </div>
  );
}

/** The content's top bar: a heading and what stands at its right. */
export function Toolbar({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div style={row({ height: 56, padding: "0 20px", gap: 10, borderBottom: `1px solid ${C.line}`, flexShrink: 0 })}>
      <Text size={T.xl} color={C.ink} bold style={{ flexGrow: 1 }}>
        {title}
      </Text>
      {children}
    </div>
  );
}
