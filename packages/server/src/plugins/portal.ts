import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Config } from "../config";

/** Content-hashed build output: a changed file gets a new name, so a browser may keep it for a year. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Everything else (index.html, the SPA's routes, favicon): revalidated on every use (ETag / Last-Modified). */
export const REVALIDATE = "no-cache";

const ASSETS_PREFIX = "/assets/";

/**
 * Serves the built portal at `/`: files from `portalDir` with the `.br` / `.gz` siblings made at build
 * time chosen by Accept-Encoding (`Vary: Accept-Encoding`), `/assets/*` cached for good, and every other
 * GET that is not an API or sandbox path answered with index.html (the client router decides). A missing
 * `/assets/*` file answers 404: a stale page must not receive HTML where it expects a script.
 */
export async function registerPortal(app: FastifyInstance, config: Pick<Config, "portalDir">): Promise<void> {
  const root = path.resolve(config.portalDir);
  const hasPortal = existsSync(path.join(root, "index.html"));
  const assetsDir = path.join(root, "assets") + path.sep;
  const cacheFor = (file: string) => (file.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);

  if (hasPortal) {
    await app.register(fastifyStatic, {
      root,
      // one route per built file (the build is fixed while the server runs); unknown paths reach the handler below
      wildcard: false,
      index: ["index.html"],
      preCompressed: true,
      // @fastify/send's default is `public, max-age=0`: each file's policy is set below instead
      cacheControl: false,
      setHeaders: (reply: FastifyReply, file: string) => {
        reply.header("cache-control", cacheFor(file));
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split("?")[0] ?? "";
    if (url.startsWith("/api/") || url === "/api" || url.startsWith("/_sandbox")) {
      return reply.code(404).send({ message: "Not found" });
    }
    if (
      !hasPortal ||
      url.startsWith(ASSETS_PREFIX) ||
      (request.method !== "GET" && request.method !== "HEAD")
    ) {
      return reply.code(404).send({ message: "Not found" });
    }
    // The portal is a single-page app: every other GET renders it and the client router decides.
    return reply.code(200).sendFile("index.html");
  });
}
