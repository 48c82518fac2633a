export {
  AppShell,
  type AppShellProps,
  type NavEntry,
  type NavGroup,
  type NavLinkItem,
  type NavSection,
} from "./AppShell";
export { AppShellSkeleton, type AppShellSkeletonProps } from "./AppShellSkeleton";
