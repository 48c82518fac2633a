/**
 * The server's import structure, checked from the source: every non-test .ts file under src, its relative
 * imports (static, `export … from`, `import type` and dynamic `import("…")`) resolved to files, each file mapped
 * to its unit (`modules/<name>`, `db`, `lib`, `providers`, …). Two rules:
 * - no cycle among modules: a module that imports another is never imported back by it, directly or through
 *   others (shared rules move to the module that owns them, to lib/ or db/, or to @herald/domain);
 * - no import runs up the layers below: a unit imports only units of its own layer or of layers beneath it.
 * Tests, fixtures, seeds and the test harness are left out (they may reach anywhere).
 *
 * `npx vitest run --project server src/architecture.test.ts` prints the module graph when HERALD_PRINT_GRAPH=1.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = path.dirname(fileURLToPath(import.meta.url));

/**
 * The layers, bottom first. A unit may import units of its own layer and of the layers below it.
 * - foundation: SQL and the schema, general helpers, HTTP errors, the contract's loader, the sandbox store and
 *   e-mail texts: they know no provider, module or request;
 * - providers: the drivers of the outside services (SMS, e-mail, payments, chat channels);
 * - platform: configuration, the job queue, the dependencies handed to modules, the request plugins;
 * - modules: the business areas (modules/<name>) and the user lookups they share (modules/users.repository.ts);
 * - wiring: the app, the process entry, the hooks and job handlers, the validation-message table over every
 *   module.
 */
const LAYERS: { name: string; units: (unit: string) => boolean }[] = [
  {
    name: "foundation",
    units: (u) => ["db", "lib", "errors", "spec", "node-version", "sandbox", "emails"].includes(u),
  },
  { name: "providers", units: (u) => u === "providers" },
  { name: "platform", units: (u) => ["config", "deps", "jobs", "plugins"].includes(u) },
  { name: "modules", units: (u) => u.startsWith("modules/") },
  {
    name: "wiring",
    units: (u) => ["app", "main", "wiring", "validation-messages", "seed", "tenant-sweep.rules"].includes(u),
  },
];

const isExcluded = (rel: string) =>
  /\.(test|fixtures)\.ts$/.test(rel) ||
  rel.endsWith(".d.ts") ||
  rel.startsWith("test/") ||
  rel.startsWith("seed/") ||
  rel.endsWith("crash-worker.ts");

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && entry.name !== "migrations") out.push(...sourceFiles(full));
    } else if (entry.name.endsWith(".ts")) out.push(full);
  }
  return out;
}

/** The unit of a file (path relative to src, with "/"): modules/<name>, a top folder, or a top-level file. */
function unitOf(rel: string): string {
  const [top = "", second = "", ...rest] = rel.split("/");
  if (!second) return top.replace(/\.ts$/, "");
  if (top === "modules") return `modules/${rest.length === 0 ? second.replace(/\.ts$/, "") : second}`;
  return top;
}

const IMPORT =
  /(?:^|[^\w.$])(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\sfrom\s+)?["'](\.{1,2}\/[^"']*|\.{1,2})["']|import\(\s*["'](\.{1,2}\/[^"']*|\.{1,2})["']\s*\)/g;

function resolveImport(fromRel: string, spec: string): string | undefined {
  const base = path.join(SRC, path.dirname(fromRel), spec.replace(/\.js$/, ""));
  for (const candidate of [`${base}.ts`, path.join(base, "index.ts"), `${base}.d.ts`, base]) {
    if (existsSync(candidate) && statSync(candidate).isFile())
      return path.relative(SRC, candidate).split(path.sep).join("/");
  }
  return undefined;
}

interface Edge {
  from: string;
  to: string;
}

function importEdges(): { edges: Edge[]; unresolved: string[] } {
  const edges: Edge[] = [];
  const unresolved: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const rel = path.relative(SRC, file).split(path.sep).join("/");
    if (isExcluded(rel)) continue;
    const text = readFileSync(file, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "");
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? "";
      const to = resolveImport(rel, spec);
      if (to) edges.push({ from: rel, to });
      else unresolved.push(`${rel} → ${spec}`);
    }
  }
  return { edges, unresolved };
}

/** unit → unit → the file imports behind that arrow. */
function unitGraph(edges: Edge[]): Map<string, Map<string, Edge[]>> {
  const graph = new Map<string, Map<string, Edge[]>>();
  for (const e of edges) {
    const a = unitOf(e.from);
    const b = unitOf(e.to);
    if (a === b) continue;
    if (!graph.has(a)) graph.set(a, new Map());
    const out = graph.get(a) as Map<string, Edge[]>;
    out.set(b, [...(out.get(b) ?? []), e]);
  }
  return graph;
}

/** Every elementary cycle's first witness per strongly connected group, as a path a → b → … → a. */
function cycles(graph: Map<string, Map<string, Edge[]>>, nodes: (u: string) => boolean): string[][] {
  const found: string[][] = [];
  const seen = new Set<string>();
  const next = (u: string) => [...(graph.get(u)?.keys() ?? [])].filter(nodes).sort();
  for (const start of [...graph.keys()].filter(nodes).sort()) {
    // shortest way back to `start`, breadth first
    const from = new Map<string, string>();
    const queue = [start];
    let back: string | undefined;
    while (queue.length > 0 && !back) {
      const u = queue.shift() as string;
      for (const v of next(u)) {
        if (v === start) {
          back = u;
          break;
        }
        if (!from.has(v)) {
          from.set(v, u);
          queue.push(v);
        }
      }
    }
    if (!back) continue;
    const loop = [start];
    for (let u = back; u !== start; u = from.get(u) as string) loop.splice(1, 0, u);
    const key = [...loop].sort().join(",");
    if (seen.has(key)) continue;
    seen.add(key);
    found.push([...loop, start]);
  }
  return found;
}

function layerOf(unit: string): number {
  const i = LAYERS.findIndex((l) => l.units(unit));
  return i;
}

const { edges, unresolved } = importEdges();
const graph = unitGraph(edges);

describe("architecture", () => {
  it("reads the source and resolves every relative import", () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(unresolved).toEqual([]);
  });

  it("puts every unit in a layer", () => {
    const units = new Set(edges.flatMap((e) => [unitOf(e.from), unitOf(e.to)]));
    expect([...units].filter((u) => layerOf(u) < 0)).toEqual([]);
  });

  it("has no cycle among modules", () => {
    const found = cycles(graph, (u) => u.startsWith("modules/"));
    const explain = found.map((loop) =>
      loop
        .slice(0, -1)
        .map((u, i) => {
          const to = loop[i + 1] ?? "";
          const witness = graph.get(u)?.get(to)?.[0];
          return `${u} → ${to} (${witness?.from} imports ${witness?.to})`;
        })
        .join("\n  "),
    );
    expect(explain, `module cycles:\n${explain.join("\n\n")}`).toEqual([]);
  });

  it("has no cycle among the other units either", () => {
    const found = cycles(graph, () => true).filter((loop) => loop.some((u) => !u.startsWith("modules/")));
    expect(found.map((loop) => loop.join(" → "))).toEqual([]);
  });

  it("has no import running up the layers", () => {
    const upward = edges
      .filter((e) => layerOf(unitOf(e.from)) < layerOf(unitOf(e.to)))
      .map(
        (e) =>
          `${e.from} (${LAYERS[layerOf(unitOf(e.from))]?.name}) imports ${e.to} (${LAYERS[layerOf(unitOf(e.to))]?.name})`,
      );
    expect(upward, upward.join("\n")).toEqual([]);
  });

  it.runIf(process.env.HERALD_PRINT_GRAPH === "1")("prints the module graph", () => {
    const lines = [...graph.keys()]
      .filter((u) => u.startsWith("modules/"))
      .sort()
      .map(
        (u) =>
          `${u} → ${[...(graph.get(u)?.entries() ?? [])]
            .filter(([v]) => v.startsWith("modules/"))
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([v, es]) => `${v.replace("modules/", "")} (${es.length})`)
            .join(", ")}`,
      );
    console.log(`\n${lines.join("\n")}`);
  });
});
