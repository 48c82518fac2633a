import { defaultRenderLink, type RenderLink } from "../Link/Link";
import * as styles from "./NotFound.css";

export interface NotFoundProps {
  /** Where "Back To Home" leads (default "/"). */
  homeHref?: string;
  /** Renders the link (the portal passes its router's Link). */
  renderLink?: RenderLink;
}

/** The unknown-route page: "OOPS! Page not found!" with a Back To Home link. */
export function NotFound({ homeHref = "/", renderLink = defaultRenderLink }: NotFoundProps) {
  return (
    <main className={styles.root}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>OOPS! Page not found!</h1>
      {renderLink({ href: homeHref, className: styles.link, children: "Back To Home" })}
    </main>
  );
}
