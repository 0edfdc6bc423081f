import type { ReactNode } from "react";

/** The heading block every section page opens with. */
export function SectionPage({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {intro ? <p className="mt-4 text-lg text-slate-600">{intro}</p> : null}
      </header>
      {children}
    </div>
  );
}
