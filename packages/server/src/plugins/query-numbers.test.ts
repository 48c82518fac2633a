import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { listOperations, loadSpec } from "../spec";
import { auth, createCompany, type TestUser, testApp } from "../test/harness";
import { acceptsQueryNumber, type QueryNumber, queryNumberMessage } from "./query-numbers";

// biome-ignore lint/suspicious/noExplicitAny: parsed YAML document
const spec: any = loadSpec();

/** A node of openapi.yaml with its `$ref` followed. */
// biome-ignore lint/suspicious/noExplicitAny: parsed YAML document
function resolve(node: any): any {
  if (!node?.$ref) return node;
  let at = spec;
  for (const key of String(node.$ref).split("/").slice(1)) at = at[key];
  return resolve(at);
}

/** Names of the query parameters that number or size a page. */
const PAGING_NAMES = new Set(["page", "pageSize", "limit", "offset", "perPage", "size"]);

/** Every operation's paging query parameters (page numbers and sizes), from openapi.yaml. */
const paging = listOperations(spec).flatMap((op) => {
  const item = spec.paths[op.path];
  const params = [...(item.parameters ?? []), ...(item[op.method.toLowerCase()].parameters ?? [])].map(
    resolve,
  );
  return params
    .filter((p) => p.in === "query")
    .filter((p) => PAGING_NAMES.has(p.name) || ["integer", "number"].includes(resolve(p.schema)?.type))
    .map((p) => {
      const schema = resolve(p.schema);
      const param: QueryNumber = {
        name: p.name,
        integer: schema.type === "integer",
        minimum: schema.minimum,
        maximum: schema.maximum,
      };
      return { op, param };
    });
});

const BAD = [
  "Infinity",
  "-Infinity",
  "1e400",
  "-1",
  "0",
  "abc",
  "1.5",
  "99999999999999999999",
  "NaN",
  "0x10",
  "",
];

let app: FastifyInstance;
let admin: TestUser;
beforeAll(async () => {
  app = await testApp();
  admin = (await createCompany(app)).owner;
});

describe("page numbers and sizes in query strings", () => {
  it("are whole numbers with a minimum and a maximum in openapi.yaml, on every list that takes them", () => {
    const found = paging.map(({ op, param }) => `${op.operationId}.${param.name}`);
    expect(found).toEqual(
      expect.arrayContaining(["userList.page", "userList.pageSize", "listContacts.limit"]),
    );
    for (const { op, param } of paging) {
      expect(param.integer, `${op.operationId}.${param.name}`).toBe(true);
      expect(param.minimum, `${op.operationId}.${param.name}`).toBe(1);
      expect(param.maximum, `${op.operationId}.${param.name}`).toBeGreaterThan(1);
    }
  });

  it("answer 400 with a clear message for every bad value on every operation, never a 5xx", {
    timeout: 120_000,
  }, async () => {
    const answers: string[] = [];
    for (const { op, param } of paging) {
      const path = op.path.replace(/\{[^}]+\}/g, "0190f000-0000-7000-8000-000000000000");
      for (const value of BAD) {
        const res = await app.inject({
          method: op.method as "GET" | "POST",
          url: `/api${path}?${param.name}=${encodeURIComponent(value)}`,
          headers: auth(admin),
          ...(op.method === "GET" ? {} : { payload: {} }),
        });
        const where = `${op.method} ${op.path} ${param.name}=${JSON.stringify(value)}`;
        expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, where).toBeLessThan(500);
        expect(res.json(), where).toEqual({ message: queryNumberMessage(param) });
        answers.push(where);
      }
    }
    expect(answers.length).toBe(paging.length * BAD.length);
  });

  it("still serve pages asked for with plain whole numbers in range", async () => {
    for (const query of [
      "page=1&pageSize=1",
      "page=2&pageSize=5000",
      "page=1000000",
      "page=+3",
      "page=%207",
    ]) {
      const res = await app.inject({ method: "GET", url: `/api/userList?${query}`, headers: auth(admin) });
      expect(res.statusCode, query).toBe(200);
    }
    const twice = await app.inject({
      method: "GET",
      url: "/api/userList?page=1&page=2",
      headers: auth(admin),
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ message: "page must be a whole number from 1 to 1000000" });
  });
});

describe("queryNumberMessage and acceptsQueryNumber", () => {
  it("say what is wanted with the bounds the contract gives", () => {
    expect(queryNumberMessage({ name: "page", integer: true, minimum: 1, maximum: 100000 })).toBe(
      "page must be a whole number from 1 to 100000",
    );
    expect(queryNumberMessage({ name: "limit", integer: true, minimum: 1 })).toBe(
      "limit must be a whole number of 1 or more",
    );
    expect(queryNumberMessage({ name: "limit", integer: true, maximum: 50 })).toBe(
      "limit must be a whole number of 50 or less",
    );
    expect(queryNumberMessage({ name: "ratio", integer: false })).toBe("ratio must be a number");
  });

  it("accept exactly the whole numbers within the bounds, written in digits (property)", () => {
    const page: QueryNumber = { name: "page", integer: true, minimum: 1, maximum: 100000 };
    fc.assert(
      fc.property(fc.integer({ min: -200000, max: 200000 }), (n) => {
        expect(acceptsQueryNumber(page, String(n))).toBe(n >= 1 && n <= 100000);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        if (acceptsQueryNumber(page, text)) {
          const n = Number(text.trim());
          expect(Number.isInteger(n) && n >= 1 && n <= 100000).toBe(true);
        }
      }),
    );
    expect(acceptsQueryNumber({ name: "ratio", integer: false, minimum: 0, maximum: 1 }, "0.5")).toBe(true);
    expect(acceptsQueryNumber({ name: "ratio", integer: false }, "Infinity")).toBe(false);
  });
});
