import { useEffect, useRef, useState } from "react";
import { srcSet, variantUrl } from "~/lib/images";

/** Lazy-load distance (spec section 9: 30 px and 50 px offsets). */
const LAZY_MARGIN = "50px";

/**
 * A responsive picture from /images: first the 640-wide fit-within variant as a placeholder,
 * then the full responsive image once it comes near the viewport. A picture that fails to load
 * silently becomes an empty-picture placeholder.
 */
export function SiteImage({
  src,
  alt,
  width,
  height,
  sizes = "100vw",
  className = "",
  priority = false,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  sizes?: string;
  className?: string;
  /** The page's largest picture (an article's cover): loaded at once at the right width, no placeholder step. */
  priority?: boolean;
}) {
  const ref = useRef<HTMLImageElement>(null);
  const [state, setState] = useState<"placeholder" | "full" | "failed">(priority ? "full" : "placeholder");
  useEffect(() => {
    const img = ref.current;
    if (!img || state === "failed") return;
    // A failure before hydration fires no React event: look at the element itself.
    if (img.complete && img.naturalWidth === 0) return setState("failed");
    if (state !== "placeholder") return;
    if (!("IntersectionObserver" in window)) return setState("full");
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setState("full");
          observer.disconnect();
        }
      },
      { rootMargin: LAZY_MARGIN },
    );
    observer.observe(img);
    return () => observer.disconnect();
  }, [state]);

  if (state === "failed") {
    return (
      <div
        // A decorative picture (alt="") stays out of the accessibility tree; an empty-named image would not.
        {...(alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true })}
        data-testid="image-placeholder"
        className={`flex items-center justify-center bg-slate-100 text-slate-300 ${className}`}
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        <svg viewBox="0 0 24 24" className="h-10 w-10" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5">
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="M3 16l5-5 4 4 3-3 6 6" />
        </svg>
      </div>
    );
  }
  return (
    <img
      ref={ref}
      src={variantUrl(src, 640)}
      srcSet={state === "full" ? srcSet(src) : undefined}
      sizes={state === "full" ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? "sync" : "async"}
      data-state={state}
      onError={() => setState("failed")}
      className={className}
    />
  );
}
