import { Icon } from "../Icon/Icon";
import { defaultRenderLink, type RenderLink } from "../Link/Link";
import * as styles from "./Breadcrumb.css";

export interface BreadcrumbItem {
  label: string;
  /** Omit for the current page (the last item). */
  href?: string;
}

export interface BreadcrumbProps {
  items: readonly BreadcrumbItem[];
  /** Renders the links (the portal passes its router's Link). */
  renderLink?: RenderLink;
  "aria-label"?: string;
  className?: string;
}

/** Where the current page sits: links to its ancestors, the last item marked as the current page. */
export function Breadcrumb({ items, renderLink = defaultRenderLink, className, ...rest }: BreadcrumbProps) {
  return (
    <nav aria-label={rest["aria-label"] ?? "Breadcrumb"} className={className}>
      <ol className={styles.list}>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${item.label}|${item.href ?? ""}`} className={styles.item}>
              {item.href && !last ? (
                renderLink({ href: item.href, className: styles.link, children: item.label })
              ) : (
                <span className={last ? styles.current : undefined} aria-current={last ? "page" : undefined}>
                  {item.label}
                </span>
              )}
              {last ? null : (
                <span className={styles.separator}>
                  <Icon name="chevronRight" size={12} />
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
