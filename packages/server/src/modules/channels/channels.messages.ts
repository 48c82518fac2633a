import { MESSAGES } from "@herald/domain";
import type { ChannelType } from "../../providers/channels";

/** Texts of the channel calls. The delete failure is the specification's; the others are designed. */
export const ERROR_DELETING_DATA = MESSAGES.errorDeletingData;
export const CHANNEL_NOT_FOUND = "Channel not found";
export const LINK_EXPIRED = "This link has expired. Please get a new one.";
export const LINK_USED = "This link was already used.";
export const NOT_WHATSAPP = "Templates are available on WhatsApp channels only.";
export const TYPE_CANNOT_CHANGE = "The channel type cannot be changed.";
export const DEPARTMENT_NOT_FOUND = "Department not found";
export const noProviderConnector = (type: ChannelType) =>
  `${type} cannot be connected with provider credentials yet; connect its sandbox channel to try it.`;
export const credentialRequired = (label: string) => `${label} is required`;
export const CHANNEL_SAVED = "Channel saved";
export const CHANNEL_DELETED = "Channel deleted";
