#!/usr/bin/env node
// `npm run code-map`: writes docs/code-map.md, the way from a page's address to the code and data behind it —
// URL → screen → operations → server module → tables it writes → jobs it queues — read from the sources
// themselves (the portal's screen table, openapi.yaml, the server's route files, its schema and its job
// handlers), so it cannot drift: a test compares the file with what this script makes (`--check`).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const rel = (p) => path.relative(root, p).split(path.sep).join("/");
const read = (p) => readFileSync(p, "utf8");

function walk(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.(ts|tsx)$/.test(e.name) && !/\.(test|browser\.test|stories|fixtures)\.tsx?$/.test(e.name))
      out.push(p);
  }
  return out;
}

/** Resolves a relative import of `from` to a source file, or undefined. */
function resolveImport(from, spec) {
  if (!spec.startsWith(".")) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  for (const c of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ]) {
    try {
      if (statSync(c).isFile()) return c;
    } catch {}
  }
  return undefined;
}
export function makeCodeMap() {
  // ---- the contract: path → operation ----
  const spec = parse(read(path.join(root, "openapi.yaml")));
  const opByPath = new Map();
  const ops = [];
  for (const [p, item] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!op?.operationId) continue;
      opByPath.set(p, [...(opByPath.get(p) ?? []), op.operationId]);
      ops.push({ id: op.operationId, method: method.toUpperCase(), path: p, tag: op.tags?.[0] ?? "" });
    }
  }

  // ---- the server: operation → module (the route file whose handlers name it) ----
  const serverSrc = path.join(root, "packages/server/src");
  const serverFiles = walk(serverSrc);
  const unitOf = (file) => {
    const r = rel(file).replace("packages/server/src/", "");
    const m = r.match(/^modules\/([^/.]+)[/.]/);
    if (m) return `modules/${m[1]}`;
    return r.includes("/") ? r.split("/")[0] : r.replace(/\.ts$/, "");
  };
  const opIds = new Set(ops.map((o) => o.id));
  const moduleOfOp = new Map();
  for (const f of serverFiles.filter((f) => f.endsWith(".routes.ts"))) {
    for (const m of read(f).matchAll(/^\s+"?([A-Za-z0-9]+)"?: (?:async )?\(/gm)) {
      if (opIds.has(m[1]) && !moduleOfOp.has(m[1])) moduleOfOp.set(m[1], rel(f));
    }
  }

  // ---- tables: schema variable → table name; who writes each ----
  const schema = read(path.join(serverSrc, "db/schema.ts"));
  const tableOfVar = new Map(
    [...schema.matchAll(/export const (\w+) = pgTable\(\s*"([^"]+)"/g)].map((m) => [m[1], m[2]]),
  );
  const tableNames = new Set(tableOfVar.values());
  const writers = new Map(); // table → Set(unit)
  const writesOf = new Map(); // unit → Set(table)
  const jobsQueued = new Map(); // unit → Set(job)
  for (const f of serverFiles) {
    if (/\/(seed|test|sandbox)\//.test(rel(f)) || /crash-worker|\.command\.ts$/.test(f)) continue;
    const text = read(f);
    const unit = unitOf(f);
    const written = new Set();
    for (const m of text.matchAll(/\.(?:insert|update|delete)\((\w+)\)/g))
      if (tableOfVar.has(m[1])) written.add(tableOfVar.get(m[1]));
    for (const m of text.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_]+)"?/gi))
      if (tableNames.has(m[1])) written.add(m[1]);
    for (const t of written) {
      if (!writers.has(t)) writers.set(t, new Set());
      writers.get(t).add(unit);
      if (!writesOf.has(unit)) writesOf.set(unit, new Set());
      writesOf.get(unit).add(t);
    }
    for (const m of text.matchAll(/enqueue\(\s*"([a-z.-]+)"/g)) {
      if (!jobsQueued.has(unit)) jobsQueued.set(unit, new Set());
      jobsQueued.get(unit).add(m[1]);
    }
  }
  // Job handlers: the name and the module whose function handles it.
  const workersFile = path.join(serverSrc, "wiring.ts");
  const workers = read(workersFile);
  const importedFrom = new Map();
  for (const m of workers.matchAll(/import \{([^}]+)\} from "([^"]+)"/g)) {
    const target = resolveImport(workersFile, m[2]);
    for (const name of m[1].split(",").map((s) => s.replace(/^type\s+/, "").trim()))
      if (name && target) importedFrom.set(name, unitOf(target));
  }
  // Services made in the handlers' scope (`const auth = authService(deps)`) answer for their factory.
  const made = new Map([...workers.matchAll(/const (\w+) = (\w+)\(deps\)/g)].map((m) => [m[1], m[2]]));
  const jobHandlers = [];
  const bodies = workers.split(/\n\s+async "([a-z.-]+)"\(/);
  for (let i = 1; i < bodies.length; i += 2) {
    const body = bodies[i + 1].split(/\n\s+async "/)[0];
    const calls = [...body.matchAll(/(\w+)(?:\.\w+)?\(/g)]
      .map((m) => importedFrom.get(m[1]) ?? importedFrom.get(made.get(m[1])))
      .filter(Boolean);
    const service = /deps\.(email|sms)\.send/.exec(body)?.[1];
    jobHandlers.push({ job: bodies[i], by: calls[0] ?? (service ? `providers/${service}` : "jobs") });
  }

  // ---- the portal: URL → screen file → the operations it and its own files call ----
  const portalSrc = path.join(root, "packages/portal/src");
  const screensTs = read(path.join(portalSrc, "screens.ts"));
  const screenRows = [];
  // A call through the typed client: api.POST("/path"), $api.useQuery("post", "/path"), …
  const apiCall =
    /\bapi\.(?:POST|GET|PUT|DELETE|PATCH|useQuery|useSuspenseQuery|useMutation|queryOptions)\(\s*(?:"(?:get|post|put|delete|patch)",\s*)?"(\/[A-Za-z0-9/{}_-]+)"/g;
  // Members of query collections (`authApi.login(…)` → `login: … api.POST("/login", …)`).
  const wrapperMembers = new Map();
  for (const f of walk(path.join(portalSrc, "routes")).filter((f) => f.endsWith(".queries.ts"))) {
    for (const m of read(f).matchAll(
      /^\s+(\w+): [^\n]*\n?[^\n]*?\bapi\.(?:POST|GET|PUT|DELETE)\("(\/[A-Za-z0-9/{}_-]+)"/gm,
    ))
      wrapperMembers.set(m[1], [...(wrapperMembers.get(m[1]) ?? []), ...(opByPath.get(m[2]) ?? [])]);
  }
  for (const m of screensTs.matchAll(/^\s+"([^"]+)": \(\) => import\("([^"]+)"\)/gm)) {
    const file = resolveImport(path.join(portalSrc, "screens.ts"), m[2]);
    if (!file) continue;
    const seen = new Set();
    const queue = [file];
    const called = new Set();
    const callsIn = (whole) => {
      // A collection of calls (`export const authApi = { login: …, … }`) counts by the members used.
      const text = whole.replace(/export const \w+Api = \{[\s\S]*?\n\};/g, "");
      for (const s of text.matchAll(apiCall)) for (const id of opByPath.get(s[1]) ?? []) called.add(id);
      for (const s of text.matchAll(/\b\w+Api\.(\w+)\(/g))
        for (const id of wrapperMembers.get(s[1]) ?? []) called.add(id);
    };
    const folder = path.dirname(file);
    while (queue.length) {
      const f = queue.pop();
      if (seen.has(f)) continue;
      seen.add(f);
      const text = read(f);
      callsIn(text);
      // The screen's own folder is followed whole; from another route folder, only the names imported.
      for (const m of text.matchAll(
        /import\s+(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s+from\s+"([^"]+)"|import\("([^"]+)"\)/g,
      )) {
        const next = resolveImport(f, m[2] ?? m[3]);
        if (!next || !rel(next).startsWith("packages/portal/src/routes/")) continue;
        if (path.dirname(next).startsWith(folder) || !m[1]) queue.push(next);
        else {
          const body = read(next);
          for (const name of m[1].split(",").map((n) =>
            n
              .replace(/^type\s+/, "")
              .split(/\s+as\s+/)[0]
              .trim(),
          )) {
            const at = body.search(new RegExp(`export (?:async )?(?:const|function) ${name}\\b`));
            if (at >= 0) callsIn(body.slice(at, body.indexOf("\nexport ", at + 1) >>> 0 || undefined));
          }
        }
      }
    }
    screenRows.push({
      url: m[1],
      screen: rel(file).replace("packages/portal/src/", ""),
      ops: [...called].sort(),
    });
  }

  // ---- the document ----
  const lines = [];
  const out = (s = "") => lines.push(s);
  const cell = (s) => String(s).replace(/\|/g, "\\|");
  out("# Code map");
  out();
  out(
    "Generated by `npm run code-map` from the sources (do not edit by hand; a test fails when it is stale).",
  );
  out("See [architecture.md](architecture.md) for the layers, the rules and the message life cycle.");
  out();
  out("## Pages: URL → screen → operations");
  out();
  out("| URL | Screen (packages/portal/src/) | Operations it calls |");
  out("| --- | --- | --- |");
  for (const r of screenRows)
    out(`| \`${cell(r.url)}\` | ${r.screen} | ${r.ops.map((o) => `\`${o}\``).join(", ") || "—"} |`);
  out();
  out("## Operations: call → server module");
  out();
  out("| Operation | Call | Handled in (packages/server/src/) |");
  out("| --- | --- | --- |");
  for (const o of [...ops].sort((a, b) => a.id.localeCompare(b.id))) {
    const file = moduleOfOp.get(o.id)?.replace("packages/server/src/", "") ?? "app.ts (framework)";
    out(`| \`${o.id}\` | ${o.method} \`${o.path}\` | ${file} |`);
  }
  out();
  out("## Modules: tables written and jobs queued");
  out();
  out("| Unit | Tables it writes | Jobs it queues |");
  out("| --- | --- | --- |");
  const units = [...new Set([...writesOf.keys(), ...jobsQueued.keys()])].sort();
  for (const u of units)
    out(
      `| ${u} | ${[...(writesOf.get(u) ?? [])].sort().join(", ") || "—"} | ${[...(jobsQueued.get(u) ?? [])].sort().join(", ") || "—"} |`,
    );
  out();
  out("## Jobs: name → handler");
  out();
  out("| Job | Handled by |");
  out("| --- | --- |");
  for (const j of jobHandlers) out(`| \`${j.job}\` | ${j.by} |`);
  out();
  out("## Tables written by more than one unit");
  out();
  const shared = [...writers].filter(([, w]) => w.size > 1).sort(([a], [b]) => a.localeCompare(b));
  if (shared.length === 0) out("None: every table has one writer.");
  else {
    out("Each table should have one owning module that others call; these still have several writers.");
    out();
    out("| Table | Written by |");
    out("| --- | --- |");
    for (const [t, w] of shared) out(`| ${t} | ${[...w].sort().join(", ")} |`);
  }
  out();
  return lines.join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = path.join(root, "docs/code-map.md");
  const made = makeCodeMap();
  if (process.argv.includes("--check")) {
    let now = "";
    try {
      now = read(target);
    } catch {}
    if (now !== made) {
      console.error("docs/code-map.md is stale: run `npm run code-map`.");
      process.exit(1);
    }
  } else {
    writeFileSync(target, made);
    console.log(`wrote ${rel(target)}`);
  }
}
