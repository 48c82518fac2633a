import { sandboxPagesEnabled } from "../../config";
import type { Deps, Handlers } from "../../deps";
import { HttpError } from "../../errors";

export const version = "0.1.0";

export function systemHandlers({ database, config }: Deps): Handlers {
  return {
    async healthz() {
      try {
        await database.query("select 1");
      } catch {
        throw new HttpError(503, "Database unavailable");
      }
      return { status: "ok", database: database.kind, version };
    },
    async portalConfig() {
      return {
        geoipUrl: config.geoipUrl ?? null,
        sandbox: sandboxPagesEnabled(config),
        termsUrl: config.termsUrl ?? null,
        privacyUrl: config.privacyUrl ?? null,
      };
    },
  };
}
