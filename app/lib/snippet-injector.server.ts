import { Transform } from "node:stream";

/**
 * Inserts editor-set markup (base info's statistical_title / statistical_body) just before
 * </head> and </body> of the streamed document. Done on the byte stream rather than in React,
 * because the markup is arbitrary (scripts, noscript, meta) and React cannot render raw HTML
 * in <head>; React 19 skips such foreign nodes when it hydrates.
 */
export function createSnippetInjector(snippets: { head: string; body: string }): Transform {
  const pending = [
    { marker: "</head>", html: snippets.head },
    { marker: "</body>", html: snippets.body },
  ].filter((s) => s.html.length > 0);
  const keep = Math.max(0, ...pending.map((p) => p.marker.length - 1));
  let carry = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      if (pending.length === 0) return callback(null, chunk);
      let text = carry + chunk.toString();
      while (pending.length) {
        const at = text.indexOf(pending[0]!.marker);
        if (at === -1) break;
        const next = pending.shift()!;
        const before = text.slice(0, at) + next.html;
        this.push(before);
        text = text.slice(at);
      }
      if (pending.length === 0) {
        carry = "";
        return callback(null, text);
      }
      // Hold back a marker's length minus one, in case a marker is split across chunks.
      const cut = Math.max(0, text.length - keep);
      carry = text.slice(cut);
      callback(null, text.slice(0, cut));
    },
    flush(callback) {
      callback(null, carry);
    },
  });
}

/**
 * Gives every <script> in trusted editor markup the response's CSP nonce, so the snippets run
 * under a policy that refuses inline scripts. Only for markup the site's editors set.
 */
export function withNonce(markup: string, nonce: string | undefined): string {
  if (!nonce || !markup) return markup;
  return markup.replace(/<script\b(?![^>]*\snonce\s*=)/gi, `<script nonce="${nonce}"`);
}
