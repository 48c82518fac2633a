/**
 * The contact-number messages, apart from phone.ts so that the message catalogue (loaded by every screen)
 * does not pull libphonenumber-js and its metadata into the sign-in page. phone.ts re-exports them.
 */
export const CONTACT_NUMBER_REQUIRED = "Contact Number is required";
export const CONTACT_NUMBER_TOO_SHORT = "Contact Number cannot be less than 7 digits";
export const CONTACT_NUMBER_TOO_LONG = "Contact Number cannot exceed 15 digits.";
