/**
 * Message variables: one renderer for every place a message is filled in per recipient (the server's sends and
 * previews, which the portal, the CLI and campaign runs all go through).
 *
 * - `{name}` is replaced by the recipient's value (names are matched without case and surrounding spaces).
 * - `{name|there}` has a fallback: "there" is used when the recipient has no value (none, or only spaces).
 *   `{name|}` is an explicit empty fallback.
 * - A placeholder without fallback that names no variable of the recipient stays as written (e.g. `{ok}` in
 *   ordinary text); one whose variable is empty becomes empty.
 * - `\{` and `\}` write a brace that starts or ends no placeholder; inside a fallback, `\|`, `\}` and `\\`
 *   write `|`, `}` and `\`.
 * - A `{` followed by another `{` or a line break before its `}`, or a name longer than 64 characters, is plain
 *   text (so `{{1}}` keeps its outer braces).
 */

export const VARIABLE_NAME_MAX = 64;

export interface Placeholder {
  /** The variable's name as written, trimmed ("First Name"). */
  name: string;
  /** Lower-cased name, the key values are looked up by. */
  key: string;
  /** The fallback after "|", trimmed; null when the placeholder has none. */
  fallback: string | null;
  /** The placeholder as written, braces included. */
  raw: string;
}

export type MessagePart = string | Placeholder;

/** Reads the placeholder starting at `text[start] === "{"`, or null when the brace starts none. */
function readPlaceholder(text: string, start: number): { placeholder: Placeholder; end: number } | null {
  let name = "";
  let fallback: string | null = null;
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i]!;
    if (fallback === null) {
      if (c === "}") {
        const trimmed = name.trim();
        if (!trimmed || trimmed.length > VARIABLE_NAME_MAX) return null;
        return {
          placeholder: {
            name: trimmed,
            key: trimmed.toLowerCase(),
            fallback: null,
            raw: text.slice(start, i + 1),
          },
          end: i + 1,
        };
      }
      if (c === "{" || c === "\n" || c === "\r" || c === "\\") return null;
      if (c === "|") {
        const trimmed = name.trim();
        if (!trimmed || trimmed.length > VARIABLE_NAME_MAX) return null;
        fallback = "";
        continue;
      }
      name += c;
    } else {
      if (c === "\\" && i + 1 < text.length && "|}\\{".includes(text[i + 1]!)) {
        fallback += text[++i];
        continue;
      }
      if (c === "}") {
        const trimmed = name.trim();
        return {
          placeholder: {
            name: trimmed,
            key: trimmed.toLowerCase(),
            fallback: fallback.trim(),
            raw: text.slice(start, i + 1),
          },
          end: i + 1,
        };
      }
      if (c === "{" || c === "\n" || c === "\r") return null;
      fallback += c;
    }
  }
  return null;
}

/** The message as plain text and placeholders, in order (escapes outside placeholders resolved). */
export function parseMessage(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let plain = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\" && (text[i + 1] === "{" || text[i + 1] === "}")) {
      plain += text[++i];
      continue;
    }
    if (c === "{") {
      const found = readPlaceholder(text, i);
      if (found) {
        if (plain) parts.push(plain);
        plain = "";
        parts.push(found.placeholder);
        i = found.end - 1;
        continue;
      }
    }
    plain += c;
  }
  if (plain) parts.push(plain);
  return parts;
}

/** The placeholders of a message (each once per distinct name and fallback). */
export function placeholdersIn(text: string): Placeholder[] {
  const seen = new Set<string>();
  const out: Placeholder[] = [];
  for (const p of parseMessage(text)) {
    if (typeof p === "string") continue;
    const id = `${p.key}\u0000${p.fallback ?? "\u0001"}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(p);
  }
  return out;
}

/** A recipient's value of a variable (by lower-cased name), or undefined when it has no such variable. */
export type VariableLookup = (key: string) => string | undefined;

const lookupOf = (values: VariableLookup | ReadonlyMap<string, string> | Record<string, string>) =>
  typeof values === "function"
    ? values
    : values instanceof Map
      ? (key: string) => (values as ReadonlyMap<string, string>).get(key)
      : (key: string) =>
          Object.hasOwn(values as Record<string, string>, key)
            ? (values as Record<string, string>)[key]
            : undefined;

/** What one placeholder becomes for a recipient (see the module's note). */
export function placeholderValue(p: Placeholder, value: string | undefined): string {
  if (value !== undefined && value.trim() !== "") return value;
  if (p.fallback !== null) return p.fallback;
  return value === undefined ? p.raw : "";
}

/** The message with the recipient's values put in. Values are looked up by lower-cased name. */
export function renderMessage(
  text: string,
  values: VariableLookup | ReadonlyMap<string, string> | Record<string, string>,
): string {
  const lookup = lookupOf(values);
  let out = "";
  for (const p of parseMessage(text)) out += typeof p === "string" ? p : placeholderValue(p, lookup(p.key));
  return out;
}

/**
 * The variables of the message a recipient has no value for and that have no fallback (lower-cased names,
 * once each). Only names in `known` count when given (variables some recipient of the send has): an unknown
 * `{ok}` in ordinary text is not a missing value.
 */
export function missingValues(
  text: string,
  values: VariableLookup | ReadonlyMap<string, string> | Record<string, string>,
  known?: ReadonlySet<string>,
): string[] {
  const lookup = lookupOf(values);
  const out = new Set<string>();
  for (const p of placeholdersIn(text)) {
    if (p.fallback !== null || (known && !known.has(p.key))) continue;
    const v = lookup(p.key);
    if (v === undefined || v.trim() === "") out.add(p.key);
  }
  return [...out];
}

/** The sentence a preview shows for recipients without a value: 12 recipients have no name; they will see "…". */
export function missingValueText(variable: string, recipients: number, example: string): string {
  const who = recipients === 1 ? "1 recipient has" : `${recipients.toLocaleString("en-US")} recipients have`;
  return `${who} no ${variable}; they will see "${example}".`;
}

/** How to give a variable a fallback, e.g. {name|there}. */
export const fallbackExample = (variable: string) =>
  `{${variable}|${variable.toLowerCase() === "name" ? "there" : "…"}}`;
