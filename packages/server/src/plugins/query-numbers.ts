import type { FastifyInstance } from "fastify";
import { BadRequest } from "../errors";

/** A numeric query parameter of an operation (page numbers and sizes) and its bounds in openapi.yaml. */
export interface QueryNumber {
  name: string;
  integer: boolean;
  minimum?: number;
  maximum?: number;
}

interface QuerySchema {
  properties?: Record<string, { type?: unknown; minimum?: unknown; maximum?: unknown }>;
}

const WHOLE = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** The numeric parameters of a querystring schema. */
export function queryNumbers(schema: QuerySchema | undefined): QueryNumber[] {
  const found: QueryNumber[] = [];
  for (const [name, s] of Object.entries(schema?.properties ?? {})) {
    if (s.type !== "integer" && s.type !== "number") continue;
    found.push({
      name,
      integer: s.type === "integer",
      ...(typeof s.minimum === "number" ? { minimum: s.minimum } : {}),
      ...(typeof s.maximum === "number" ? { maximum: s.maximum } : {}),
    });
  }
  return found;
}

/** "page must be a whole number from 1 to 1000000". */
export function queryNumberMessage(p: QueryNumber): string {
  const what = p.integer ? "a whole number" : "a number";
  const { minimum: min, maximum: max } = p;
  const range =
    min !== undefined && max !== undefined
      ? ` from ${min} to ${max}`
      : min !== undefined
        ? ` of ${min} or more`
        : max !== undefined
          ? ` of ${max} or less`
          : "";
  return `${p.name} must be ${what}${range}`;
}

/** True when a query value is written as a number of the parameter's kind, within its bounds. */
export function acceptsQueryNumber(p: QueryNumber, raw: unknown): boolean {
  const values = Array.isArray(raw) ? raw : [raw];
  if (values.length !== 1 || typeof values[0] !== "string") return false;
  const text = values[0].trim();
  if (!(p.integer ? WHOLE : DECIMAL).test(text)) return false;
  const n = Number(text);
  if (p.integer ? !Number.isSafeInteger(n) : !Number.isFinite(n)) return false;
  return (p.minimum === undefined || n >= p.minimum) && (p.maximum === undefined || n <= p.maximum);
}

/**
 * Numeric query parameters (page numbers and sizes of the lists) are checked as written, before the schema
 * validator runs: with type coercion on, Ajv turns "Infinity" and "1e400" into Infinity and then skips
 * `minimum` and `maximum` for a number that is not finite, so a list would be asked for page Infinity.
 * A value that is not a plain number of the parameter's kind within the bounds of openapi.yaml answers
 * 400 "page must be a whole number from 1 to 1000000". Must be installed before the routes.
 */
export function installQueryNumberCheck(app: FastifyInstance) {
  const byRoute = new WeakMap<object, QueryNumber[]>();
  app.addHook("preValidation", async (request) => {
    const schema = request.routeOptions.schema?.querystring as QuerySchema | undefined;
    if (!schema || typeof schema !== "object") return;
    let params = byRoute.get(schema);
    if (!params) {
      params = queryNumbers(schema);
      byRoute.set(schema, params);
    }
    const query = (request.query ?? {}) as Record<string, unknown>;
    for (const p of params) {
      const raw = query[p.name];
      if (raw !== undefined && !acceptsQueryNumber(p, raw)) throw new BadRequest(queryNumberMessage(p));
    }
  });
}
