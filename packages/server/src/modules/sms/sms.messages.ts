/** Compose and send messages (designed where the specification has none; quoted where it has). */
export const PROCESSING_COMPLETE = "Processing complete!" as const;
export const SELECT_CHANNEL = "Please select a Channel!";
export const COMPOSE_MESSAGE = "Please compose a message!";
export const NO_RECIPIENT = "Please choose at least 1 recipient.";
export const CHANNEL_NOT_AVAILABLE = "This channel is not available for your company.";
export const SENDER_NOT_ALLOWED = "This Sender ID is not allowed for your account.";
export const SUBJECT_REQUIRED = "Please enter the Email Subject.";
export const SCHEDULE_REQUIRED = "Please select the Schedule Date and Schedule Time.";
export const SCHEDULE_IN_PAST = "The schedule date and time cannot be in the past.";
export const INVALID_SCHEDULE = "Invalid schedule date or time.";
export const FILE_NOT_FOUND = "The recipients file was not found or has expired. Please upload it again.";
export const CAMPAIGN_NOT_FOUND = "Campaign not found";
export const NO_VALID_DATA = "No valid data found in the file!";
export const TOO_MANY_ROWS = "The file has too many rows (at most 100000).";
export const TOO_MANY_RECIPIENTS = "Too many recipients in one send (at most 200000).";
export const UNSUPPORTED_FILE_TYPE = "Unsupported file type";
export const CHOOSE_CHAT_CHANNEL = "Please choose the channel to send through.";
export const NOT_REACHABLE_TELEGRAM = "not reachable on Telegram";
export const CHAT_CHANNEL_GONE = "The channel was deleted before the message was sent.";
export const OUTSIDE_WHATSAPP_WINDOW =
  "Not sent: the subscriber has not written in the last 24 hours (WhatsApp error 131047); only template messages can be sent.";
