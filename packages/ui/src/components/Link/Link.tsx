import type { ReactNode } from "react";

/**
 * Props a navigation link receives. Components that render links (AppShell, Breadcrumb, AvatarMenu,
 * NotFound, NotificationPanel) take a `renderLink` function so that the portal can render its router's
 * link, e.g. `renderLink={({ href, ...rest }) => <Link to={href} {...rest} />}` with react-router.
 */
export interface LinkRenderProps {
  href: string;
  children: ReactNode;
  className?: string;
  "aria-current"?: "page" | undefined;
  "aria-label"?: string;
  onClick?: () => void;
}

export type RenderLink = (props: LinkRenderProps) => ReactNode;

/** The default: a plain anchor (full page navigation). */
export const defaultRenderLink: RenderLink = ({ href, children, ...rest }) => (
  <a href={href} {...rest}>
    {children}
  </a>
);
