export {
  type ChatAttachment,
  type ChatAttachmentType,
  type ChatMessage,
  deliveryState,
  MessageBubble,
  type MessageBubbleProps,
  type WhatsappTemplateMetadata,
} from "./MessageBubble";
export {
  countTemplateVariables,
  substituteTemplateVariables,
  type WhatsappTemplateButton,
  type WhatsappTemplateComponent,
  type WhatsappTemplateVariables,
} from "./template";
