import { SITE_NAME } from "~/lib/site";

/** `inHeader`: the word mark gives way where the header's row is full (phones, and laptops that show the whole navigation). */
export function Logo({ inHeader = false }: { inHeader?: boolean }) {
  return (
    <span className="flex items-center gap-2 font-bold text-slate-900">
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-indigo-600" />
        <path d="M9 9h14v4H13v3h8v4h-8v5H9z" className="fill-white" />
      </svg>
      <span className={inHeader ? "text-lg max-[479px]:sr-only lg:max-xl:sr-only" : "text-lg"}>{SITE_NAME}</span>
    </span>
  );
}
