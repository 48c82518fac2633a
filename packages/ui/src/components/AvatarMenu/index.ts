export { AvatarMenu, type AvatarMenuProps, type ThemeChoice } from "./AvatarMenu";
