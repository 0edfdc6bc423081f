/** An article's contents, from its h2/h3 headings (made at import). */
export function TableOfContents({ entries, title, id }: { entries: { id: string; text: string; depth: number }[]; title: string; id: string }) {
  if (!entries.length) return null;
  return (
    <nav aria-labelledby={id} data-testid="toc">
      <h2 id={id} className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        {title}
      </h2>
      <ol className="mt-3 space-y-2 border-l border-slate-200 text-sm">
        {entries.map((entry) => (
          <li key={entry.id} className={entry.depth === 3 ? "pl-7" : "pl-4"}>
            <a href={`#${entry.id}`} className="text-slate-700 hover:text-indigo-700">
              {entry.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
