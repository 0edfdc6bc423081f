import { Transform } from "node:stream";

const TAG = '<link rel="modulepreload"';
const LOW = '<link rel="modulepreload" fetchpriority="low"';
const HEAD_END = "</head>";

/**
 * Marks React Router's `modulepreload` links in the document head `fetchpriority="low"`
 * (issue 14). At their default high priority the page's twenty-odd route modules are fetched
 * alongside, and on a slow connection ahead of, the stylesheet and the first picture, and
 * Lighthouse counts every high-priority script that finished before the first paint as
 * render-blocking. The page is server-rendered and paints without them; hydration follows once
 * they arrive. React Router has no option for these links' attributes, hence the rewrite.
 * Everything from `</head>` on passes through untouched. The bytes are read as latin1, one
 * character per byte, so a UTF-8 character split between chunks comes out as it went in.
 */
export function createModulePreloadDeprioritizer(): Transform {
  let inHead = true;
  let carry = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      if (!inHead) return callback(null, chunk);
      let text = carry + (typeof chunk === "string" ? Buffer.from(chunk) : chunk).toString("latin1");
      carry = "";
      const end = text.indexOf(HEAD_END);
      if (end !== -1) {
        inHead = false;
        return callback(null, Buffer.from(text.slice(0, end).replaceAll(TAG, LOW) + text.slice(end), "latin1"));
      }
      // A tag or the head's end cut by the chunk boundary waits for the rest (both start with "<").
      const lastOpen = text.lastIndexOf("<");
      if (lastOpen !== -1) {
        const tail = text.slice(lastOpen);
        if (TAG.startsWith(tail) || HEAD_END.startsWith(tail)) {
          carry = tail;
          text = text.slice(0, lastOpen);
        }
      }
      callback(null, Buffer.from(text.replaceAll(TAG, LOW), "latin1"));
    },
    flush(callback) {
      callback(null, Buffer.from(carry, "latin1"));
    },
  });
}
