import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const here = path.dirname(fileURLToPath(import.meta.url));

/** openapi.yaml at the repository root: the contract the server is built from. */
export function specPath(): string {
  const candidates = [path.resolve(here, "../../../openapi.yaml"), path.resolve(here, "../../openapi.yaml")];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`openapi.yaml not found (looked in ${candidates.join(", ")})`);
  return found;
}

export interface SpecOperation {
  operationId: string;
  method: string;
  path: string;
  tags: string[];
}

// biome-ignore lint/suspicious/noExplicitAny: parsed YAML document
export function loadSpec(file = specPath()): any {
  return parse(readFileSync(file, "utf8"));
}

const METHODS = ["get", "post", "put", "patch", "delete"];

// biome-ignore lint/suspicious/noExplicitAny: parsed YAML document
export function listOperations(spec: any): SpecOperation[] {
  const ops: SpecOperation[] = [];
  for (const [p, item] of Object.entries<Record<string, { operationId: string; tags?: string[] }>>(
    spec.paths,
  )) {
    for (const method of METHODS) {
      const op = item[method];
      if (op)
        ops.push({ operationId: op.operationId, method: method.toUpperCase(), path: p, tags: op.tags ?? [] });
    }
  }
  return ops;
}
