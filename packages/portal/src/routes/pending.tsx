import { Badge, Breadcrumb, Card, EmptyState } from "@herald/ui";
import { Link, useMatches } from "react-router";
import type { RouteEntry } from "../route-table";
import { routerLink } from "../shell/link";
import * as s from "./pages.css";

/**
 * A screen whose issue has not landed yet: its human title, what it will do (from the route table), and
 * the way back home.
 */
export default function PendingScreen() {
  const entry = useMatches().at(-1)?.handle as RouteEntry | undefined;
  const title = entry?.title ?? "Herald";
  return (
    <div className={s.page}>
      <Breadcrumb
        items={[{ label: "Home", href: "/apps/social-chat" }, { label: title }]}
        renderLink={routerLink}
      />
      <Card>
        <EmptyState
          icon={entry?.icon ?? "info"}
          title={title}
          description={
            <>
              {entry?.about ?? "This screen is on its way."} This screen is coming in a later release of
              Herald.
            </>
          }
          action={
            <div className={s.actions}>
              <Badge tone="info" variant="soft">
                Coming soon
              </Badge>
              <Link to="/apps/social-chat" className={s.primaryLink}>
                Back to Home
              </Link>
            </div>
          }
        />
      </Card>
    </div>
  );
}
