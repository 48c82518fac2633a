import { AppShellSkeleton } from "@herald/ui";
import { matchPath, useLocation } from "react-router";
import { routeTable } from "../route-table";
import { currentRole } from "../session";
import { routerLink } from "./link";
import { navPath, navSections } from "./nav";
import * as s from "./skeleton.css";

/** Grey bars where a page's title and first rows will be; read out as "Loading". */
export function PageSkeleton() {
  return (
    <div className={s.page} role="status" aria-busy="true" aria-label="Loading">
      <span className={s.title} />
      <ul className={s.rows} aria-hidden="true">
        {[72, 56, 64, 48, 60].map((width) => (
          <li key={width} className={s.row}>
            <span className={s.rowAvatar} />
            <span className={s.rowText}>
              <span className={s.bar} style={{ width: `${width}%` }} />
              <span className={s.bar} style={{ width: `${width - 24}%` }} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The header's places (credit, status, account) while its code loads. */
export function HeaderSkeleton() {
  return (
    <div className={s.header} aria-hidden="true">
      <span className={s.pillWide} />
      <span className={s.pill} />
      <span className={s.avatar} />
    </div>
  );
}

/**
 * The signed-in layout as it first paints, from the first chunks alone: the real sidebar (its links already
 * work), the header's places and the page's bars, while the header's code, the page's code and their data
 * load side by side. The admin section shows by the role in the token until the profile confirms it.
 */
export function ShellSkeleton() {
  const { pathname } = useLocation();
  return (
    <AppShellSkeleton
      brand="Herald"
      sections={navSections}
      showAdmin={currentRole() === "admin"}
      currentPath={navPath(pathname)}
      header={<HeaderSkeleton />}
      footer={`© ${new Date().getFullYear()} Herald · Business messaging`}
      renderLink={routerLink}
    >
      <PageSkeleton />
    </AppShellSkeleton>
  );
}

const signedInPaths = routeTable.filter((r) => r.guard === "login" || r.guard === "admin").map((r) => r.path);

/** A page of the signed-in layout, for a signed-in user. */
export const isSignedInPage = (pathname: string) =>
  currentRole() !== null && signedInPaths.some((path) => matchPath(path, pathname) !== null);
