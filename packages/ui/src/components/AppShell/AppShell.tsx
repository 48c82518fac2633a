import { Dialog as RadixDialog, VisuallyHidden } from "radix-ui";
import { type ReactNode, useEffect, useId, useState } from "react";
import { breakpoints } from "../../theme/tokens";
import { useReturnFocus } from "../Dialog/useReturnFocus";
import { Icon } from "../Icon/Icon";
import { defaultRenderLink, type RenderLink } from "../Link/Link";
import * as styles from "./AppShell.css";
import { NavTree } from "./NavTree";

export interface NavLinkItem {
  label: string;
  href: string;
  /** Decorative icon before the label. */
  icon?: ReactNode;
}

/** A collapsible group of links, e.g. "User Management" > Departments, Users. */
export interface NavGroup {
  label: string;
  icon?: ReactNode;
  items: readonly NavLinkItem[];
}

export type NavEntry = NavLinkItem | NavGroup;

export interface NavSection {
  id: string;
  /** Heading of the section ("Administrator"); omit for an untitled section. */
  title?: string;
  entries: readonly NavEntry[];
  /** Shown only when the shell's `showAdmin` is true. */
  adminOnly?: boolean;
}

export interface AppShellProps {
  /** Product name or logo, top of the sidebar (and of the header on tablets). */
  brand: ReactNode;
  sections: readonly NavSection[];
  /** Shows the sections marked adminOnly (the Administrator section is for admins only). */
  showAdmin?: boolean;
  /** The current route: its link is marked aria-current="page" and its group starts expanded. */
  currentPath?: string;
  /** Right-hand side of the header: credit boxes, notification bell, avatar menu. */
  header?: ReactNode;
  /** The footer credit line. */
  footer?: ReactNode;
  /** Renders navigation links (the portal passes react-router's Link). */
  renderLink?: RenderLink;
  /** Accessible name of the navigation (default "Main"). */
  navLabel?: string;
  menuButtonLabel?: string;
  /** Accessible name of the drawer (default "Menu"). */
  drawerTitle?: string;
  skipLinkLabel?: string;
  children?: ReactNode;
}

const wideQuery = `(min-width: ${breakpoints.lg}px)`;

/**
 * The portal's frame: a fixed sidebar (sections, collapsible groups, an admin-only section), a header
 * slot, the page and a footer credit line. Below 992 px the sidebar becomes a drawer opened by the menu
 * button (focus trapped inside, Escape closes it, following a link closes it). A skip link leads to the page.
 */
export function AppShell({
  brand,
  sections,
  showAdmin = false,
  currentPath,
  header,
  footer,
  renderLink = defaultRenderLink,
  navLabel = "Main",
  menuButtonLabel = "Open menu",
  drawerTitle = "Menu",
  skipLinkLabel = "Skip to main content",
  children,
}: AppShellProps) {
  const mainId = useId();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const returnFocus = useReturnFocus(drawerOpen);
  const visible = sections.filter((section) => showAdmin || !section.adminOnly);

  // The drawer is for narrow windows only: close it when the window grows past the breakpoint.
  useEffect(() => {
    const query = window.matchMedia(wideQuery);
    const close = () => {
      if (query.matches) setDrawerOpen(false);
    };
    query.addEventListener("change", close);
    return () => query.removeEventListener("change", close);
  }, []);

  return (
    <div className={styles.shell}>
      <a
        className={styles.skipLink}
        href={`#${mainId}`}
        onClick={(event) => {
          // Move focus explicitly: fragment navigation alone does not focus the target everywhere.
          const target = document.getElementById(mainId);
          if (!target) return;
          event.preventDefault();
          target.focus();
          target.scrollIntoView({ block: "start" });
        }}
      >
        {skipLinkLabel}
      </a>
      <aside className={styles.sidebar}>
        <div className={styles.brand}>{brand}</div>
        <NavTree sections={visible} currentPath={currentPath} renderLink={renderLink} label={navLabel} />
      </aside>
      <RadixDialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className={styles.overlay} />
          <RadixDialog.Content
            className={styles.drawer}
            aria-describedby={undefined}
            onCloseAutoFocus={returnFocus}
          >
            <div className={styles.brand}>
              <span>{brand}</span>
              <RadixDialog.Title asChild>
                <VisuallyHidden.Root>{drawerTitle}</VisuallyHidden.Root>
              </RadixDialog.Title>
              <RadixDialog.Close className={styles.drawerClose} aria-label="Close menu">
                <Icon name="close" size={18} />
              </RadixDialog.Close>
            </div>
            <NavTree
              sections={visible}
              currentPath={currentPath}
              renderLink={renderLink}
              label={navLabel}
              onNavigate={() => setDrawerOpen(false)}
            />
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>
      <div className={styles.column}>
        <header className={styles.header}>
          <button
            type="button"
            className={styles.menuButton}
            aria-label={menuButtonLabel}
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <Icon name="menu" size={20} />
          </button>
          <span className={styles.headerBrand}>{brand}</span>
          <div className={styles.headerSlot}>{header}</div>
        </header>
        <main id={mainId} className={styles.main} tabIndex={-1}>
          {children}
        </main>
        {footer !== undefined ? <footer className={styles.footer}>{footer}</footer> : null}
      </div>
    </div>
  );
}
