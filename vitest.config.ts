import { defineConfig } from "vitest/config";

// Node 20 lacks a few ES2024 built-ins that Vitest 5 uses in its main process (Map.groupBy and
// Object.groupBy when reporting failures, Promise.withResolvers in watch mode). Node 22+ has them.
type GroupBy = <K, T>(items: Iterable<T>, key: (item: T, index: number) => K) => Map<K, T[]>;
const mapCtor = Map as unknown as { groupBy?: GroupBy };
const objectCtor = Object as unknown as { groupBy?: (items: Iterable<unknown>, key: never) => object };
const promiseCtor = Promise as unknown as { withResolvers?: () => object };
if (typeof mapCtor.groupBy !== "function") {
  mapCtor.groupBy = <K, T>(items: Iterable<T>, key: (item: T, index: number) => K) => {
    const groups = new Map<K, T[]>();
    let index = 0;
    for (const item of items) {
      const k = key(item, index++);
      const group = groups.get(k);
      if (group) group.push(item);
      else groups.set(k, [item]);
    }
    return groups;
  };
}
if (typeof objectCtor.groupBy !== "function") {
  const groupBy = mapCtor.groupBy as GroupBy;
  objectCtor.groupBy = (items: Iterable<unknown>, key: (item: unknown, index: number) => PropertyKey) =>
    Object.fromEntries(groupBy(items, key));
}
if (typeof promiseCtor.withResolvers !== "function") {
  promiseCtor.withResolvers = () => {
    let resolve: (value: unknown) => void = () => {};
    let reject: (reason?: unknown) => void = () => {};
    const promise = new Promise((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}

// Each package owns its projects: packages/<name>/vitest.config.ts, plus vitest.<kind>.config.ts where a
// package has more than one (packages/ui: "storybook" and "ui"). Globs let a folder without one be skipped.
export default defineConfig({
  test: {
    // Images attached to failed screenshot comparisons (git-ignored).
    attachmentsDir: ".vitest-attachments",
    projects: ["packages/*/vitest.config.ts", "packages/*/vitest.*.config.ts", "e2e/vitest.config.{ts,mts}"],
  },
});
