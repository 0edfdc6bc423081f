/** Spec section 9: image breakpoints. The first is also the placeholder ("640-wide fit-within"). */
export const IMAGE_WIDTHS = [640, 768, 1024, 1280, 1536] as const;

export function variantUrl(src: string, width: (typeof IMAGE_WIDTHS)[number]): string {
  return `${src}${src.includes("?") ? "&" : "?"}w=${width}`;
}

export function srcSet(src: string): string {
  return IMAGE_WIDTHS.map((w) => `${variantUrl(src, w)} ${w}w`).join(", ");
}
