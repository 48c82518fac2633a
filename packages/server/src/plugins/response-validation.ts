import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { FastifyInstance } from "fastify";

/**
 * Contract check used by the tests: every JSON body a route sends must match the response schema that
 * openapi.yaml declares for its status code. A mismatch becomes a 500 whose message names the problem,
 * so a test fails when a handler returns a body the spec does not allow.
 */
export function installResponseValidation(app: FastifyInstance) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  (addFormats as unknown as (a: unknown) => void)(ajv);
  const cache = new WeakMap<object, ReturnType<typeof ajv.compile>>();
  app.addHook("preSerialization", async (request, reply, payload) => {
    const schemas = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
    if (!schemas || !request.url.startsWith("/api")) return payload;
    const status = String(reply.statusCode);
    const entry = (schemas[status] ?? schemas[`${status[0]}XX`] ?? schemas.default) as
      | { content?: Record<string, { schema: object }> }
      | object
      | undefined;
    if (!entry) {
      if (reply.statusCode < 400)
        throw new Error(`Contract: ${request.method} ${request.url} answered ${status}, not declared`);
      return payload;
    }
    const schema = "content" in entry && entry.content ? entry.content["application/json"]?.schema : entry;
    if (!schema) return payload;
    let validate = cache.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      cache.set(schema, validate);
    }
    if (!validate(JSON.parse(JSON.stringify(payload)))) {
      throw new Error(
        `Contract: ${request.method} ${request.url} ${status} body does not match openapi.yaml: ${ajv.errorsText(validate.errors)}`,
      );
    }
    return payload;
  });
}
