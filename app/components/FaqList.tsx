/** Questions and answers as disclosure widgets (plain text answers from the content files). */
export function FaqList({ title, items }: { title: string; items: { question: string; answer: string }[] }) {
  return (
    <section aria-labelledby="programme-faq" className="mt-14">
      <h2 id="programme-faq" className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <div className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {items.map((q) => (
          <details key={q.question} className="group p-5">
            <summary className="cursor-pointer list-none font-semibold marker:hidden">
              <span className="flex items-start justify-between gap-4">
                {q.question}
                <span aria-hidden="true" className="text-indigo-600 transition group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <p className="mt-3 text-slate-700">{q.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
