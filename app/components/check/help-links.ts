/**
 * The help-centre articles the /check page's findings point to, by their content key
 * (content/help/<lang>/<key>.md); the page loader turns each into the reader's version (id and title).
 */
export const CHECK_HELP_ARTICLES = ["fingerprint-settings", "match-location-to-proxy", "add-proxy", "local-api-quickstart", "account-flagged"] as const;
export type CheckHelpArticle = (typeof CHECK_HELP_ARTICLES)[number];
export type CheckHelpLinks = Partial<Record<CheckHelpArticle, { id: number; title: string }>>;
