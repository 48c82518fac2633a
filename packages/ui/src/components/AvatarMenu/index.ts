export { AvatarMenu, type AvatarMenuProps } from "./AvatarMenu";
