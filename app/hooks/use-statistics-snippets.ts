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
        const fragment = document.createRange().createContextualFragment(markup);
        // A page rendered for one visitor runs only scripts with its nonce, which the server's own
        // scripts carry; a page rendered for everyone has none and allows every language's
        // snippets by hash (docs/decisions/0021).
        const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
        if (nonce) fragment.querySelectorAll("script").forEach((script) => script.setAttribute("nonce", nonce));
        target.appendChild(fragment);
      } catch (err) {
        console.warn("statistics snippet could not be applied", err);
      }
    }
  }, [head, body]);
}
