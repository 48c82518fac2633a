import { useLocation } from "react-router";
import { isSignedInPage, ShellSkeleton } from "./skeleton";

/**
 * Rendered while the first screen's code loads on a full page load. A signed-in page paints its layout and
 * grey bars at once, from the first chunks (its code and data are on their way side by side); the public
 * pages and the console paint nothing for the moment they take, so that no spinner flashes.
 */
export function HydrateFallback() {
  const { pathname } = useLocation();
  return isSignedInPage(pathname) ? <ShellSkeleton /> : null;
}
