/** Messages of the users administration calls that the specification does not word (designed). */
export const UNKNOWN_DEPARTMENT = "Please select a department of your company";
export const OWNER_PROTECTED = "The account owner cannot be changed or deleted.";
export const SELF_PROTECTED = "You cannot change or delete your own account here; use Account Settings.";
export const OWNER_2FA_PROTECTED = "Only the account owner can change the owner's two-factor authentication.";
export const OWN_2FA_OFF =
  "To turn off your own two-factor authentication, use the Security tab of Account Settings with your current password.";
export const USER_ALREADY_DELETED = "This user is already deleted.";
export const AUTO_REPLY_MESSAGE_REQUIRED = "Auto reply message is required";
export const AUTO_REPLY_MESSAGE_TOO_LONG = "Auto reply message cannot exceed 1000 characters";
export const INVALID_SENDER_ID =
  "A sender ID has 1 to 11 letters, digits or spaces with at least one letter, or is a number of 3 to 15 digits (a leading + is allowed)";
export const TOO_MANY_SENDER_IDS = "A user can have at most 50 sender IDs";
export const INVALID_AMOUNT = "Please enter an amount in SGD of 0 or more";
export const INVALID_ROLE = "Please select a role: admin, supervisor or agent";
export const INVALID_LOGIN_2FA = "Please choose whether two-factor sign-in is on (Y) or off (N)";
