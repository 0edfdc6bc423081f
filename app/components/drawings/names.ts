/** The drawings by name: what content/use-cases.yaml, the database and /share/<lang>/<name>.png call them. */
export const DRAWING_NAMES = ["profiles", "fingerprint", "team", "automation", "chat"] as const;
export type DrawingName = (typeof DRAWING_NAMES)[number];

export function isDrawingName(value: unknown): value is DrawingName {
  return typeof value === "string" && (DRAWING_NAMES as readonly string[]).includes(value);
}
