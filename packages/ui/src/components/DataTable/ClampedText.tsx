import { type ReactNode, useLayoutEffect, useRef, useState } from "react";
import * as s from "./DataTable.css";

/** One ResizeObserver for every clamped cell on the page (a page can render hundreds). */
const clampWatchers = new WeakMap<Element, () => void>();
let clampObserver: ResizeObserver | undefined;
function watchSize(el: Element, onResize: () => void): () => void {
  if (typeof ResizeObserver === "undefined") return () => {};
  clampObserver ??= new ResizeObserver((entries) => {
    for (const entry of entries) clampWatchers.get(entry.target)?.();
  });
  clampWatchers.set(el, onResize);
  clampObserver.observe(el);
  return () => {
    clampWatchers.delete(el);
    clampObserver?.unobserve(el);
  };
}

/**
 * Long text cut to a few lines. When it is cut, "Show more" (a button, so the keyboard reaches it) opens the
 * whole text in place, and the full text is also the tooltip.
 */
export function ClampedText({
  id,
  lines,
  text,
  name,
  fill,
  children,
}: {
  id: string;
  lines: number;
  text: string;
  name: string;
  fill: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [cut, setCut] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measure again when the text changes
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || open) return;
    const measure = () => setCut(el.scrollHeight > el.clientHeight + 1);
    measure();
    return watchSize(el, measure);
  }, [open, text]);
  return (
    <div className={fill ? s.fillContent : undefined}>
      <div
        ref={ref}
        id={id}
        className={open ? s.clampOpen : s.clamp}
        style={open ? undefined : { WebkitLineClamp: lines }}
        title={cut && !open ? text : undefined}
        data-clamped={cut && !open ? "" : undefined}
      >
        {children}
      </div>
      {(cut || open) && (
        <button
          type="button"
          className={s.moreButton}
          aria-expanded={open}
          aria-controls={id}
          aria-label={`${open ? "Show less" : "Show more"}: ${name}`}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? "Show less" : "Show more"}
        </button>
      )}
    </div>
  );
}
