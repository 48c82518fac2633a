/** Broadcast messages, word for word from the specification (messaging spec, broadcast sections). */
export const NAME_REQUIRED = "Broadcast Name is Required!";
export const NAME_TOO_LONG = "Broadcast Name cannot exceeds 50 characters";
export const DESCRIPTION_TOO_LONG = "Broadcast Description cannot exceeds 255 characters";
export const NAME_TAKEN = "Broadcast Name already exists. Please use another name.";
export const NAME_INVALID = "Invalid Broadcast Name. Please use another name.";
export const SELECT_CHANNEL = "Please select a Channel!";
export const UPLOAD_MEDIA = "Please upload a media!";
export const COMPOSE_MESSAGE = "Please compose a message!";
export const BROADCAST_EXECUTED = "Broadcast Executed";
export const BROADCAST_RECEIVED = "Broadcast Received";

// Designed (not in the specification).
export const BROADCAST_NOT_FOUND = "Broadcast not found";
export const CHANNEL_NOT_FOUND = "Channel not found";
export const CAMPAIGN_NOT_FOUND = "Campaign not found";
export const TEMPLATE_WHATSAPP_ONLY = "Template broadcasts are for WhatsApp channels only.";
export const TEMPLATE_UNKNOWN = "Template not found";
export const NO_RECIPIENT = "Please choose at least 1 recipient.";
export const NOT_A_FILE_BROADCAST = "This broadcast does not take a recipient file.";
export const FILE_ALREADY_RECEIVED = "This broadcast already has its recipients.";
export const BROADCAST_ID_REQUIRED = "broadcastId is required before the file.";
export const CANNOT_CHANGE = (status: string) => `The broadcast is ${status}.`;
export const UNSUBSCRIBED = "Unsubscribed";
/** A recipient the provider would not take after the worker's attempts (the last error follows). */
export const NOT_SENT_AFTER_RETRIES = (attempts: number, error: string) =>
  `Not sent: the provider did not accept the message after ${attempts} attempts (last error: ${error})`;
export const SUBSCRIBER_NOT_FOUND = "Subscriber not found";
export const CHANNEL_GONE = "The channel was deleted or disconnected";
