import type drawings from "~/locales/en/drawings.json";

type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of the drawings namespace ("profiles.p1"), typed against English. */
export type DrawingKey = Leaves<typeof drawings>;
/** The drawings' words: the page's translator, or the share renderer's lookup in the same JSON. */
export type DrawingWords = (key: DrawingKey) => string;
export interface DrawingProps {
  t: DrawingWords;
}
