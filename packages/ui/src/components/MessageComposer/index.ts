export {
  type ComposedMessage,
  DESIGNATED_AGENT_NOTICE,
  MessageComposer,
  type MessageComposerProps,
} from "./MessageComposer";
