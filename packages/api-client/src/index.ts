import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { components, operations, paths } from "./generated/schema";

export type { components, operations, paths };
/** A schema of openapi.yaml by name, e.g. `Schema<"User">`. */
export type Schema<N extends keyof components["schemas"]> = components["schemas"][N];
export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  /** Origin of the server, e.g. "http://localhost:3000" ("" for the same origin). The /api prefix is added. */
  baseUrl: string;
  /** Returns the bearer token to send, or null/undefined to send none. */
  getToken?: () => string | null | undefined | Promise<string | null | undefined>;
  fetch?: typeof globalThis.fetch;
  /** Called with every 401 answer (the portal shows "Session Expired"). */
  onUnauthorized?: (response: Response) => void;
}

/** Thrown by `unwrap` for non-2xx answers: carries the status and the server's `{ message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function createApiClient(opts: ApiClientOptions): ApiClient {
  const client = createClient<paths>({
    baseUrl: `${opts.baseUrl.replace(/\/$/, "")}/api`,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
  const auth: Middleware = {
    async onRequest({ request }) {
      const token = await opts.getToken?.();
      if (token) request.headers.set("Authorization", `Bearer ${token}`);
      return request;
    },
    onResponse({ response }) {
      if (response.status === 401) opts.onUnauthorized?.(response);
      return response;
    },
  };
  client.use(auth);
  return client;
}

/** Turns an openapi-fetch result into its data, or throws ApiError with the server's message. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok) return result.data as T;
  const body = result.error;
  const message =
    body && typeof body === "object" && "message" in body && typeof body.message === "string"
      ? body.message
      : `Request failed with status ${result.response.status}`;
  throw new ApiError(result.response.status, message, body);
}
