export {
  CHANNEL_TYPES,
  ChannelIcon,
  type ChannelIconProps,
  type ChannelType,
  channelLabel,
  SOCIAL_CHANNEL_TYPES,
  toChannelType,
} from "./ChannelIcon";
