export { Avatar, type AvatarProps, initialsOf, type PresenceStatus } from "./Avatar";
