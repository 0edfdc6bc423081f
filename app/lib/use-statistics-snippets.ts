import { useEffect, useRef } from "react";

interface Snippets {
  statistical_title: string;
  statistical_body: string;
}

/**
 * The server puts the statistics snippets into the first document. When the visitor changes
 * language in the browser, the new language's snippets are applied too (spec section 4).
 * A contextual fragment makes any <script> in the markup run, as it would in the document.
 */
export function useStatisticsSnippets(snippets: Snippets | null | undefined): void {
  const first = useRef(true);
  const head = snippets?.statistical_title ?? "";
  const body = snippets?.statistical_body ?? "";
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    for (const [markup, target] of [
      [head, document.head],
      [body, document.body],
    ] as const) {
      if (!markup) continue;
      try {
        target.appendChild(document.createRange().createContextualFragment(markup));
      } catch (err) {
        console.warn("statistics snippet could not be applied", err);
      }
    }
  }, [head, body]);
}
