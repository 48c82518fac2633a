/** WhatsApp template pieces as the API stores them. */
export interface WhatsappTemplateButton {
  type: "QUICK_REPLY" | "COPY_CODE" | "URL" | (string & {});
  text: string;
  url?: string;
}

export interface WhatsappTemplateComponent {
  type: "HEADER" | "BODY" | "FOOTER" | "BUTTONS" | (string & {});
  /** HEADER only. */
  format?: "TEXT" | "IMAGE" | "VIDEO" | "DOCUMENT" | (string & {});
  text?: string;
  buttons?: WhatsappTemplateButton[];
}

export interface WhatsappTemplateVariables {
  header?: readonly string[];
  body?: readonly string[];
}

const placeholder = /\{\{(\d)\}\}/g;

/** How many variables a text declares: the highest single-digit placeholder {{n}}. */
export function countTemplateVariables(text: string | null | undefined): number {
  let max = 0;
  for (const match of (text ?? "").matchAll(placeholder)) max = Math.max(max, Number(match[1]));
  return max;
}

/**
 * Replaces {{1}}..{{9}} with the given values. Only the variables the text declares are used; a placeholder
 * without a value stays as written so the gap is visible.
 */
export function substituteTemplateVariables(text: string, values: readonly string[] | undefined): string {
  return text.replace(placeholder, (whole, digit: string) => {
    const value = values?.[Number(digit) - 1];
    return value === undefined || value === "" ? whole : value;
  });
}
