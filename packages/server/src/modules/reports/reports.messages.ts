/** Texts of the SMS report calls: the specification's words where it has them, ours where it has none. */
export const SCHEDULED_TOO_SOON = "Cannot delete ! Some records are scheduled within 30 minutes from now.";
export const END_IN_FUTURE = "End date cannot be in the future.";
export const START_IN_PAST = "Start date cannot be in the past.";
export const START_AFTER_END = "Start date cannot be after end date.";
export const MESSAGE_NOT_FOUND = "Message not found";
export const STILL_SENDING = "Cannot delete ! Some messages are still being sent.";
export const MESSAGES_DELETED = "Data Deleted Successful !";
export const SCHEDULED_CANCELLED = "Data Deleted Successful !";
