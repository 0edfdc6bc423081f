import { Fragment } from "react";

/**
 * Text with the matched words in <mark>: built from the text and the match ranges the search
 * returns, as React text nodes, never as HTML, so nothing in a title or excerpt can become markup.
 */
export function Highlighted({ text, marks }: { text: string; marks: readonly (readonly [number, number])[] }) {
  const parts: { text: string; mark: boolean }[] = [];
  let at = 0;
  for (const [start, end] of marks) {
    if (start < at || end <= start || end > text.length) continue;
    if (start > at) parts.push({ text: text.slice(at, start), mark: false });
    parts.push({ text: text.slice(start, end), mark: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), mark: false });
  return (
    <>
      {parts.map((p, i) =>
        p.mark ? (
          <mark key={i} className="rounded-sm bg-amber-100 px-0.5 text-inherit">
            {p.text}
          </mark>
        ) : (
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </>
  );
}
