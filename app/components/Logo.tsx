import { SITE_NAME } from "~/lib/site";

export function Logo() {
  return (
    <span className="flex items-center gap-2 font-bold text-slate-900">
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-indigo-600" />
        <path d="M9 9h14v4H13v3h8v4h-8v5H9z" className="fill-white" />
      </svg>
      <span className="text-lg">{SITE_NAME}</span>
    </span>
  );
}
