import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "../errors";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Media types the operation declares for its request body in openapi.yaml (set for spec routes only). */
    accepts?: string[];
  }
}

const mediaType = (header: string | undefined) => (header ?? "").split(";")[0]!.trim().toLowerCase();

/** True when the request carries a body (a length above zero, or a chunked one). */
export const hasBody = (request: FastifyRequest) => {
  const length = request.headers["content-length"];
  return (length !== undefined && length !== "0") || request.headers["transfer-encoding"] !== undefined;
};

/** Every media type openapi.yaml names, in request bodies and in responses. */
// biome-ignore lint/suspicious/noExplicitAny: parsed YAML document
function specMediaTypes(spec: any): Set<string> {
  const found = new Set<string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "content" && value && typeof value === "object") {
        for (const type of Object.keys(value)) if (type.includes("/")) found.add(type.toLowerCase());
      }
      visit(value);
    }
  };
  visit(spec.paths);
  visit(spec.components);
  return found;
}

/**
 * A request body is taken only in a media type its operation declares in openapi.yaml: anything else is
 * refused with 415 before authentication, parsing or validation, so no handler ever sees a body its schema
 * did not check. An operation without a request body accepts none, except an empty or JSON one (which it
 * ignores). Must be installed before the routes.
 */
// biome-ignore lint/suspicious/noExplicitAny: parsed YAML document
export function installContentTypeCheck(app: FastifyInstance, spec: any) {
  app.addHook("onRoute", (route) => {
    const schema = route.schema as { operationId?: string; body?: { content?: object } } | undefined;
    if (!schema?.operationId) return;
    const declared = Object.keys(schema.body?.content ?? {}).map((t) => t.toLowerCase());
    route.config = { ...route.config, accepts: declared.length > 0 ? declared : ["application/json"] };
  });

  app.addHook("onRequest", async (request) => {
    const accepts = request.routeOptions.config.accepts;
    if (!accepts || !hasBody(request)) return;
    const type = mediaType(request.headers["content-type"]);
    if (!accepts.includes(type)) {
      throw new HttpError(
        415,
        `Content type ${type || "(none)"} is not accepted here; send ${accepts.join(" or ")}.`,
      );
    }
  });

  // openapi.yaml also names media types that only responses use (text/event-stream, spreadsheets); no
  // operation takes them as a body, so they get a parser that refuses them: every media type the contract
  // names has a defined outcome.
  for (const type of specMediaTypes(spec)) {
    if (app.hasContentTypeParser(type)) continue;
    app.addContentTypeParser(type, (_request, _payload, done) => {
      done(new HttpError(415, `Content type ${type} is not accepted as a request body.`), undefined);
    });
  }
}
