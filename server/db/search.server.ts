/**
 * Keyword search in any script: a pg_trgm-indexed ILIKE on a text column, with no word
 * splitting, so Chinese, Japanese and Thai (written without spaces) match as well as English.
 * Blog, news and help searches all use it.
 */

/** LIKE pattern for a literal keyword (its own % and _ are not wildcards). */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}
