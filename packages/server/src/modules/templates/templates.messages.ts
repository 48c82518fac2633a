/** Texts of the message-template calls (/sms/templates…); the form and the server show the same words. */
export const TEMPLATE_NAME_MAX = 50;
export const TEMPLATE_CONTENT_MAX = 1600;

export const TEMPLATE_MESSAGES = {
  nameRequired: "Template name is required",
  nameTooLong: `Template name cannot exceed ${TEMPLATE_NAME_MAX} characters`,
  contentRequired: "Message content is required",
  contentTooLong: `Message content cannot exceed ${TEMPLATE_CONTENT_MAX} characters`,
  nameExists: "A template with this name already exists.",
  notFound: "Template not found",
  notAllowed: "Only an admin or the template's creator can change this template.",
  deleted: "Template deleted",
} as const;

const TEMPLATE_BODY_CALLS = new Set(["/sms/templates", "/sms/templates/:id/edit"]);
const TEMPLATE_ID_CALLS = new Set(["/sms/templates/:id/edit", "/sms/templates/:id/delete"]);

/**
 * Schema violations of the template calls in the form's words: 422 for the name and content fields, 404 for an
 * id that is not a template id. Undefined for other calls and fields.
 */
export function templateFieldMessage(
  path: string,
  field: string,
  value: unknown,
  context: string,
): { status: number; message: string } | undefined {
  if (context === "params" && TEMPLATE_ID_CALLS.has(path) && field === "id")
    return { status: 404, message: TEMPLATE_MESSAGES.notFound };
  if (context !== "body" || !TEMPLATE_BODY_CALLS.has(path)) return undefined;
  const text = typeof value === "string" ? value : "";
  if (field === "name")
    return {
      status: 422,
      message: text.trim() === "" ? TEMPLATE_MESSAGES.nameRequired : TEMPLATE_MESSAGES.nameTooLong,
    };
  if (field === "content")
    return {
      status: 422,
      message: text.trim() === "" ? TEMPLATE_MESSAGES.contentRequired : TEMPLATE_MESSAGES.contentTooLong,
    };
  return undefined;
}
