/** The product name: a brand, so the same in every language. */
export const SITE_NAME = "Facet Browser";
/** Separator between page title and site name (spec section 9: a vertical bar). */
export const TITLE_SEPARATOR = " | ";
