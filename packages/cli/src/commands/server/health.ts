import { createApiClient } from "@herald/api-client";
import { resolveUrl } from "../../config";
import { CliError } from "../../errors";

export interface HealthResult {
  url: string;
  status: string;
  database: string;
  version?: string;
}

/** `herald health`: is the server up, and on which database. */
export async function health(
  opts: { env?: NodeJS.ProcessEnv; fetch?: typeof fetch } = {},
): Promise<HealthResult> {
  const url = await resolveUrl(opts.env);
  const client = createApiClient({ baseUrl: url, ...(opts.fetch ? { fetch: opts.fetch } : {}) });
  const res = await client.GET("/healthz").catch((err: Error) => {
    throw new CliError(`Cannot reach ${url}: ${err.message}`);
  });
  if (!res.data)
    throw new CliError(`${url} answered ${res.response.status}: ${res.error?.message ?? "unhealthy"}`);
  return { url, ...res.data };
}
