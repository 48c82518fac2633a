import type { ReactNode } from "react";
import { Icon } from "../Icon/Icon";
import { defaultRenderLink, type RenderLink } from "../Link/Link";
import type { NavSection } from "./AppShell";
import * as styles from "./AppShell.css";
import { NavTree } from "./NavTree";

export interface AppShellSkeletonProps {
  brand: ReactNode;
  sections: readonly NavSection[];
  showAdmin?: boolean;
  currentPath?: string;
  /** Placeholders where the header's controls will be. */
  header?: ReactNode;
  footer?: ReactNode;
  renderLink?: RenderLink;
  navLabel?: string;
  menuButtonLabel?: string;
  children?: ReactNode;
}

/**
 * The AppShell's frame as it first paints, before the rest of the page's code has arrived: the same sidebar
 * (its links already work), header and footer, without the drawer's dialog code, so that it can ship with the
 * first chunks. Below 992 px the menu button shows but waits, disabled, for the AppShell that replaces this.
 */
export function AppShellSkeleton({
  brand,
  sections,
  showAdmin = false,
  currentPath,
  header,
  footer,
  renderLink = defaultRenderLink,
  navLabel = "Main",
  menuButtonLabel = "Open menu",
  children,
}: AppShellSkeletonProps) {
  const visible = sections.filter((section) => showAdmin || !section.adminOnly);
  return (
    <div className={styles.shell}>
      <aside className={styles.sidebar}>
        <div className={styles.brand}>{brand}</div>
        <NavTree sections={visible} currentPath={currentPath} renderLink={renderLink} label={navLabel} />
      </aside>
      <div className={styles.column}>
        <header className={styles.header}>
          <button type="button" className={styles.menuButton} aria-label={menuButtonLabel} disabled>
            <Icon name="menu" size={20} />
          </button>
          <span className={styles.headerBrand}>{brand}</span>
          <div className={styles.headerSlot}>{header}</div>
        </header>
        <main className={styles.main}>{children}</main>
        {footer !== undefined ? <footer className={styles.footer}>{footer}</footer> : null}
      </div>
    </div>
  );
}
