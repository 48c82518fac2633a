import { NotFound } from "@herald/ui";
import { Link } from "react-router";

export default function NotFoundScreen() {
  return (
    <NotFound
      renderLink={({ href, children, className }) => (
        <Link to={href} className={className}>
          {children}
        </Link>
      )}
    />
  );
}
