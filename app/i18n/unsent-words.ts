/**
 * A word read on a page that was not sent to it: its section is missing from the route's
 * pageLoader `messages` (docs/decisions/0025, 0035), so the page shows the key instead. Reported
 * on the server and in the browser, once per language and key in each process or page session, as
 * a console.error, which fails the unit, system and end-to-end tests that render or visit the page
 * (tests/system/page-words.test.ts visits every page type). It replaces a test that read the routes'
 * source to compare their declarations with what their components ask for.
 */
const reported = new Set<string>();

export const UNSENT_WORD = "Word not sent to the page";

export function reportUnsentWord(lang: string, ns: string, key: string): void {
  const id = `${lang} ${ns}:${key}`;
  if (reported.has(id)) return;
  reported.add(id);
  console.error(
    `${UNSENT_WORD}: "${ns}:${key}" (${lang}) is read, but the route's pageLoader messages (or the root's SHELL_MESSAGES) do not include its section`,
  );
}
