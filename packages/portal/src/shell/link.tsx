import type { RenderLink } from "@herald/ui";
import { Link } from "react-router";

/** Renders ui links through the router. */
export const routerLink: RenderLink = ({ href, children, className, onClick, ...rest }) => (
  <Link to={href} className={className} onClick={onClick} {...rest}>
    {children}
  </Link>
);
