export { type ConsoleNavItem, ConsoleShell, type ConsoleShellProps, currentItem } from "./ConsoleShell";
