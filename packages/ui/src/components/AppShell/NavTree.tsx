import { useEffect, useId, useState } from "react";
import { Icon } from "../Icon/Icon";
import type { RenderLink } from "../Link/Link";
import type { NavEntry, NavGroup, NavLinkItem, NavSection } from "./AppShell";
import * as styles from "./AppShell.css";

const isGroup = (entry: NavEntry): entry is NavGroup => "items" in entry;

function matches(path: string | undefined, href: string): boolean {
  if (!path) return false;
  return path === href || path.startsWith(`${href}/`);
}

export interface NavTreeProps {
  sections: readonly NavSection[];
  currentPath?: string;
  renderLink: RenderLink;
  label: string;
  onNavigate?: () => void;
}

function NavGroupItem({
  group,
  currentPath,
  renderLink,
  onNavigate,
}: {
  group: NavGroup;
  currentPath?: string;
  renderLink: RenderLink;
  onNavigate?: () => void;
}) {
  const listId = useId();
  const containsCurrent = group.items.some((item) => matches(currentPath, item.href));
  const [expanded, setExpanded] = useState(containsCurrent);
  useEffect(() => {
    if (containsCurrent) setExpanded(true);
  }, [containsCurrent]);
  return (
    <li>
      <button
        type="button"
        className={styles.groupButton}
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((value) => !value)}
      >
        {group.icon ? (
          <span className={styles.navIcon} aria-hidden="true">
            {group.icon}
          </span>
        ) : null}
        {group.label}
        <span className={styles.groupChevron}>
          <Icon name="chevronDown" size={14} />
        </span>
      </button>
      <ul id={listId} className={styles.subList} hidden={!expanded}>
        {group.items.map((item) => (
          <NavLinkRow
            key={item.href}
            item={item}
            currentPath={currentPath}
            renderLink={renderLink}
            onNavigate={onNavigate}
          />
        ))}
      </ul>
    </li>
  );
}

function NavLinkRow({
  item,
  currentPath,
  renderLink,
  onNavigate,
}: {
  item: NavLinkItem;
  currentPath?: string;
  renderLink: RenderLink;
  onNavigate?: () => void;
}) {
  const current = matches(currentPath, item.href);
  return (
    <li>
      {renderLink({
        href: item.href,
        className: styles.link,
        "aria-current": current ? "page" : undefined,
        onClick: onNavigate,
        children: (
          <>
            {item.icon ? (
              <span className={styles.navIcon} aria-hidden="true">
                {item.icon}
              </span>
            ) : null}
            {item.label}
          </>
        ),
      })}
    </li>
  );
}

export function NavTree({ sections, currentPath, renderLink, label, onNavigate }: NavTreeProps) {
  const baseId = useId();
  return (
    <nav aria-label={label} className={styles.nav}>
      {sections.map((section) => {
        const titleId = `${baseId}-${section.id}`;
        return (
          <div key={section.id} className={styles.section}>
            {section.title ? (
              <h2 id={titleId} className={styles.sectionTitle}>
                {section.title}
              </h2>
            ) : null}
            <ul className={styles.list} aria-labelledby={section.title ? titleId : undefined}>
              {section.entries.map((entry) =>
                isGroup(entry) ? (
                  <NavGroupItem
                    key={entry.label}
                    group={entry}
                    currentPath={currentPath}
                    renderLink={renderLink}
                    onNavigate={onNavigate}
                  />
                ) : (
                  <NavLinkRow
                    key={entry.href}
                    item={entry}
                    currentPath={currentPath}
                    renderLink={renderLink}
                    onNavigate={onNavigate}
                  />
                ),
              )}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
