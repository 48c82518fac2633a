import type { FastifyInstance } from "fastify";
import type { FastifySchemaValidationError } from "fastify/types/schema";
import { BadRequest, HttpError } from "../errors";

/** The product's message for a request's first schema violation (validation-messages.ts, handed in by app.ts). */
export type ValidationMessage = (
  path: string,
  body: unknown,
  v: FastifySchemaValidationError | undefined,
) => { status: number; message: string };

declare module "fastify" {
  interface FastifyRequest {
    /** The body as received, for webhooks whose signature covers the exact bytes (set under /api/webhooks/). */
    rawBody?: string;
  }
}

/** Body limit of a JSON operation. */
export const JSON_BODY_LIMIT = 256 * 1024;
/** Body limit of a JSON operation whose schema allows long lists (more than 5,000 items, or no bound). */
export const LARGE_JSON_BODY_LIMIT = 2 * 1024 * 1024;
/** Deepest nesting of objects and arrays a JSON body may have (the API's own bodies stay under 6). */
export const MAX_JSON_DEPTH = 32;

/** Property names whose strings are free text: tab, line feed and carriage return are allowed there. */
const FREE_TEXT = /(text|message|desc|description|reply|variables|body|note|content)$/i;
// C0 controls and DEL; \t \n \r are checked separately.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LINE_CONTROL = /[\t\n\r]/;
const PASSWORD = /pass/i;

/**
 * Nesting depth of a JSON text, counted in one pass without parsing, stopping as soon as it exceeds `max`
 * (so a body of ten thousand brackets costs a scan, not a parse).
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/** Path of the first string holding a control character it may not hold, or undefined. */
export function findControlCharacter(value: unknown, path = "", key = ""): string | undefined {
  if (typeof value === "string") {
    if (CONTROL.test(value)) return path;
    if (!FREE_TEXT.test(key) && LINE_CONTROL.test(value)) return path;
    return undefined;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControlCharacter(value[i], `${path}[${i}]`, key);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      const found = findControlCharacter(v, path ? `${path}.${k}` : k, k);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  maxItems?: number;
  [k: string]: unknown;
};

/** True when a schema allows an array longer than 5,000 items anywhere inside it. */
function allowsLongLists(schema: unknown, seen = new Set<unknown>()): boolean {
  if (!schema || typeof schema !== "object" || seen.has(schema)) return false;
  seen.add(schema);
  const s = schema as Schema;
  const types = ([] as unknown[]).concat(s.type ?? []);
  if ((types.includes("array") || s.items) && (s.maxItems === undefined || s.maxItems > 5000)) return true;
  return Object.values(s).some((v) => allowsLongLists(v, seen));
}

const isString = (s: Schema | undefined) => !!s && ([] as unknown[]).concat(s.type ?? []).includes("string");

/**
 * JSON request bodies: a size limit per operation (256 KB, 2 MB where the schema allows long lists),
 * a nesting cap checked before parsing, no control characters in strings (tab and line breaks only in
 * free-text fields), and required text fields holding only spaces answered as missing. Must be installed
 * before the routes.
 */
export function installJsonBody(app: FastifyInstance, validationMessage: ValidationMessage) {
  app.removeContentTypeParser("application/json");
  const parse = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    // Signed webhooks: their signature is over the raw body, which parsing would lose.
    if (request.url.startsWith("/api/webhooks/")) request.rawBody = text;
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(new BadRequest("The request is nested too deeply."), undefined);
      return;
    }
    parse(request, text, (err, value) => {
      if (err) return done(err, undefined);
      // Provider webhooks carry subscribers' words as sent: refusing them would make the provider drop the
      // message, so their handlers clean text (PostgreSQL cannot store NUL) instead of answering 400.
      const at = request.url.startsWith("/api/webhooks/") ? undefined : findControlCharacter(value);
      if (at !== undefined) {
        return done(
          new BadRequest(`Invalid body: ${at || "body"} must not contain control characters`),
          undefined,
        );
      }
      done(null, value);
    });
  });

  app.addHook("onRoute", (route) => {
    const schema = route.schema as
      | { operationId?: string; body?: { content?: Record<string, { schema?: unknown }> } }
      | undefined;
    if (!schema?.operationId) return;
    const content = schema.body?.content ?? {};
    if (Object.keys(content).length > 0 && !content["application/json"]) return; // multipart: its own limits
    const json = content["application/json"]?.schema;
    route.bodyLimit ??= allowsLongLists(json) ? LARGE_JSON_BODY_LIMIT : JSON_BODY_LIMIT;

    // Required text fields holding only white space are missing (passwords excepted: spaces are characters).
    const object = json as Schema | undefined;
    const required = (object?.required ?? []).filter(
      (name) => !PASSWORD.test(name) && isString(object?.properties?.[name]),
    );
    if (required.length === 0) return;
    const hook = async (request: import("fastify").FastifyRequest) => {
      const body = request.body as Record<string, unknown> | undefined;
      if (!body || typeof body !== "object") return;
      for (const name of required) {
        const value = body[name];
        if (typeof value === "string" && value.length > 0 && value.trim() === "") {
          const { status, message } = validationMessage(
            (route.url ?? "").replace(/^\/api/, ""),
            { ...body, [name]: "" },
            { keyword: "required", instancePath: "", schemaPath: "", params: { missingProperty: name } },
          );
          throw new HttpError(status, message);
        }
      }
    };
    route.preValidation = [
      ...([] as unknown[]).concat(route.preValidation ?? []),
      hook,
    ] as typeof route.preValidation;
  });
}
