/**
 * Inserts editor-set markup (base info's statistical_title / statistical_body) just before
 * </head> and </body> of the finished document. Done on the document rather than in React,
 * because the markup is arbitrary (scripts, noscript, meta) and React cannot render raw HTML
 * in <head>; React 19 skips such foreign nodes when it hydrates. `</body>` is the last one: text
 * inside the page cannot end the body, and React Router's inline data escapes `<`.
 */
export function injectSnippets(html: string, snippets: { head: string; body: string }): string {
  let out = html;
  if (snippets.body) {
    const at = out.lastIndexOf("</body>");
    if (at !== -1) out = out.slice(0, at) + snippets.body + out.slice(at);
  }
  if (snippets.head) {
    const at = out.indexOf("</head>");
    if (at !== -1) out = out.slice(0, at) + snippets.head + out.slice(at);
  }
  return out;
}

/**
 * Gives every <script> in trusted editor markup the response's CSP nonce, so the snippets run
 * under a policy that refuses inline scripts. Only for markup the site's editors set.
 */
export function withNonce(markup: string, nonce: string | undefined): string {
  if (!nonce || !markup) return markup;
  return markup.replace(/<script\b(?![^>]*\snonce\s*=)/gi, `<script nonce="${nonce}"`);
}
