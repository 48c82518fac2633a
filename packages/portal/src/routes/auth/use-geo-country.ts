import { type Country, findCountry } from "@herald/ui";
import { useQuery } from "@tanstack/react-query";
import { portalConfigQuery } from "./auth.queries";

const GEO_TIMEOUT_MS = 5000;

/** Reads the visitor's country from the IP-geolocation answer ({ country_name, country_code }). */
async function lookUp(url: string, signal: AbortSignal): Promise<Country | null> {
  const timeout = AbortSignal.timeout(GEO_TIMEOUT_MS);
  const both = typeof AbortSignal.any === "function" ? AbortSignal.any([signal, timeout]) : signal;
  // An outside service, not our API: the one plain fetch of the portal.
  const res = await fetch(url, {
    signal: both,
    credentials: "omit",
    headers: { Accept: "application/json" },
  });
  if (!res.ok) throw new Error(`geolocation answered ${res.status}`);
  const body = (await res.json()) as { country_name?: unknown; country_code?: unknown };
  const byName = typeof body.country_name === "string" ? findCountry(body.country_name) : undefined;
  const byCode = typeof body.country_code === "string" ? findCountry(body.country_code) : undefined;
  return byName ?? byCode ?? null;
}

/**
 * The visitor's country from the IP-geolocation address the server configures (GET /api/portal-config),
 * or null: while loading, when none is configured, and on any failure (the registration page keeps its
 * default then).
 */
export function useGeoCountry(): Country | null {
  const config = useQuery(portalConfigQuery());
  const url = config.data?.geoipUrl ?? null;
  const geo = useQuery({
    queryKey: ["geoip", url],
    enabled: url !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: ({ signal }) => lookUp(url ?? "", signal),
  });
  return geo.data ?? null;
}
