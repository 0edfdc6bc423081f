/**
 * The drawings' design tokens (docs/decisions/0031): the site's palette as colours satori and the
 * browser both read, and the fixed canvas every drawing is laid out on in px. The page scales
 * the whole canvas to its container (drawing.css); the share renderer draws it at this size.
 */
export const CANVAS = { width: 960, height: 600 } as const;

export const C = {
  indigo: "#4f46e5",
  indigoDark: "#3730a3",
  indigoSoft: "#eef2ff",
  indigoLine: "#c7d2fe",
  ink: "#0f172a",
  text: "#334155",
  muted: "#64748b",
  faint: "#94a3b8",
  line: "#e2e8f0",
  panel: "#f8fafc",
  chrome: "#f1f5f9",
  white: "#ffffff",
  rail: "#1e1b4b",
  railText: "#c7d2fe",
  green: "#059669",
  greenSoft: "#d1fae5",
  amber: "#b45309",
  amberSoft: "#fef3c7",
  rose: "#e11d48",
} as const;

export const R = { sm: 4, md: 6, lg: 10, xl: 14, pill: 999 } as const;

/** Text sizes on the canvas. */
export const T = { xs: 11, sm: 12, md: 13, lg: 15, xl: 18 } as const;
