// One-off helper: merges openapi/skeleton.yaml with openapi/parts/*.yaml into openapi.yaml.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { parse, stringify } from "yaml";
const out = process.argv[2] ?? "openapi.yaml";
const base = parse(readFileSync("openapi/skeleton.yaml", "utf8"));
for (const f of readdirSync("openapi/parts").filter((f) => f.endsWith(".yaml")).sort()) {
  const part = parse(readFileSync(`openapi/parts/${f}`, "utf8"));
  for (const t of part.tags ?? []) if (!base.tags.some((b) => b.name === t.name)) base.tags.push(t);
  for (const [p, v] of Object.entries(part.paths ?? {})) {
    if (base.paths[p]) throw new Error(`${f}: duplicate path ${p}`);
    base.paths[p] = v;
  }
  for (const kind of ["schemas", "responses", "parameters", "requestBodies"]) {
    for (const [n, v] of Object.entries(part.components?.[kind] ?? {})) {
      base.components[kind] ??= {};
      if (base.components[kind][n]) throw new Error(`${f}: duplicate components.${kind}.${n}`);
      base.components[kind][n] = v;
    }
  }
}
writeFileSync(out, stringify(base, { lineWidth: 0 }));
console.log(`${out}: ${Object.keys(base.paths).length} paths`);
