import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ApiError, createApiClient, unwrap } from "./index";

const here = path.dirname(fileURLToPath(import.meta.url));

function fakeFetch(answer: (req: Request) => Response) {
  const seen: Request[] = [];
  const fn = (async (input: Request) => {
    seen.push(input);
    return answer(input);
  }) as typeof fetch;
  return { fn, seen };
}

describe("createApiClient", () => {
  it("sends calls under /api with the bearer token from getToken", async () => {
    const f = fakeFetch(() => Response.json({ status: "ok", database: "pglite" }));
    const client = createApiClient({ baseUrl: "http://example.test/", getToken: () => "tok-1", fetch: f.fn });
    const res = await client.GET("/healthz");
    expect(unwrap(res)).toEqual({ status: "ok", database: "pglite" });
    expect(f.seen[0]!.url).toBe("http://example.test/api/healthz");
    expect(f.seen[0]!.headers.get("authorization")).toBe("Bearer tok-1");
  });

  it("sends no Authorization header without a token and reports 401s", async () => {
    const f = fakeFetch(() => Response.json({ message: "Invalid or expired token" }, { status: 401 }));
    let unauthorized = 0;
    const client = createApiClient({
      baseUrl: "http://example.test",
      getToken: () => null,
      fetch: f.fn,
      onUnauthorized: () => unauthorized++,
    });
    const res = await client.POST("/getProfile", { body: {} as never });
    expect(f.seen[0]!.headers.get("authorization")).toBeNull();
    expect(unauthorized).toBe(1);
    expect(() => unwrap(res)).toThrow(ApiError);
    try {
      unwrap(res);
    } catch (e) {
      expect((e as ApiError).status).toBe(401);
      expect((e as ApiError).message).toBe("Invalid or expired token");
    }
  });
});

describe("generated types", () => {
  it("are up to date with openapi.yaml (run `npm run codegen` after changing the spec)", {
    timeout: 60_000,
  }, () => {
    const committed = readFileSync(path.join(here, "generated/schema.ts"), "utf8");
    const root = path.resolve(here, "../../..");
    const fresh = execFileSync(
      process.execPath,
      [path.join(root, "node_modules/openapi-typescript/bin/cli.js"), path.join(root, "openapi.yaml")],
      { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    expect(committed === fresh, "src/generated/schema.ts is stale: run `npm run codegen`").toBe(true);
  });
});
