import { VisuallyHidden } from "radix-ui";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { defaultRenderLink, type RenderLink } from "../Link/Link";
import * as styles from "./ConsoleShell.css";

export interface ConsoleNavItem {
  label: string;
  href: string;
  /** Work waiting in this section (shown as a count; nothing shows for 0 or undefined). */
  count?: number;
  /** What the count counts, for screen readers: "3 waiting" (default "waiting"). */
  countLabel?: string;
}

export interface ConsoleShellProps {
  /** The console's name, e.g. "Herald operator console". */
  brand: ReactNode;
  /** The sections of the console, in order. */
  items: readonly ConsoleNavItem[];
  /** The current route: the item it starts with is marked aria-current="page". */
  currentPath?: string;
  /** Right of the brand: the account menu, a sign-out button. */
  actions?: ReactNode;
  renderLink?: RenderLink;
  /** Accessible name of the navigation (default "Sections"). */
  navLabel?: string;
  skipLinkLabel?: string;
  children?: ReactNode;
}

/** The item a path belongs to: the longest href that is the path or a parent of it. */
export function currentItem(items: readonly ConsoleNavItem[], path: string | undefined) {
  if (!path) return undefined;
  let best: ConsoleNavItem | undefined;
  for (const item of items) {
    const hit = path === item.href || path.startsWith(item.href.endsWith("/") ? item.href : `${item.href}/`);
    if (hit && (!best || item.href.length > best.href.length)) best = item;
  }
  return best;
}

/**
 * A compact frame for a back-office console: a header with the console's name and account actions, one row
 * of section links under it (with counts of work waiting), and the page. No sidebar: the page keeps the
 * whole width. On a narrow window the section row scrolls sideways and keeps the current section in view.
 */
export function ConsoleShell({
  brand,
  items,
  currentPath,
  actions,
  renderLink = defaultRenderLink,
  navLabel = "Sections",
  skipLinkLabel = "Skip to main content",
  children,
}: ConsoleShellProps) {
  const mainId = useId();
  const current = currentItem(items, currentPath);
  const navRef = useRef<HTMLElement>(null);
  const currentHref = current?.href;
  useEffect(() => {
    if (!currentHref) return;
    // Scrolls the section row only (never the page): the current link's whole width in view.
    const reveal = () => {
      const nav = navRef.current;
      const link = nav?.querySelector('[aria-current="page"]');
      if (!nav || !link) return;
      const row = nav.getBoundingClientRect();
      const box = link.getBoundingClientRect();
      if (box.left < row.left) nav.scrollLeft += box.left - row.left;
      else if (box.right > row.right) nav.scrollLeft += box.right - row.right;
    };
    reveal();
    // The row or its links changing width (a window made narrower, a count arriving after the page) keeps the
    // current section in view too.
    const nav = navRef.current;
    if (!nav || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(reveal);
    observer.observe(nav);
    const list = nav.firstElementChild;
    if (list) observer.observe(list);
    return () => observer.disconnect();
  }, [currentHref]);

  return (
    <div className={styles.shell}>
      <a
        className={styles.skipLink}
        href={`#${mainId}`}
        onClick={(event) => {
          const target = document.getElementById(mainId);
          if (!target) return;
          event.preventDefault();
          target.focus();
          target.scrollIntoView({ block: "start" });
        }}
      >
        {skipLinkLabel}
      </a>
      <header className={styles.header}>
        <div className={styles.bar}>
          <p className={styles.brand}>{brand}</p>
          {actions !== undefined ? <div className={styles.actions}>{actions}</div> : null}
        </div>
        <nav ref={navRef} aria-label={navLabel} className={styles.nav}>
          <ul className={styles.navList}>
            {items.map((item) => (
              <li key={item.href}>
                {renderLink({
                  href: item.href,
                  className: styles.navLink,
                  "aria-current": item === current ? "page" : undefined,
                  children: (
                    <>
                      {item.label}
                      {item.count ? (
                        <span className={styles.count}>
                          <VisuallyHidden.Root>, </VisuallyHidden.Root>
                          {item.count}
                          <VisuallyHidden.Root> {item.countLabel ?? "waiting"}</VisuallyHidden.Root>
                        </span>
                      ) : null}
                    </>
                  ),
                })}
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id={mainId} className={styles.main} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
