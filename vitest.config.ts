import { defineConfig } from "vitest/config";

// Node 20 lacks a few ES2024 built-ins that Vitest 5 uses in its main process (Map.groupBy and
// Object.groupBy when reporting failures, Promise.withResolvers in watch mode). Node 22+ has them.
if (typeof Map.groupBy !== "function") {
  Map.groupBy = <K, T>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]> => {
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
if (typeof Object.groupBy !== "function") {
  Object.groupBy = <K extends PropertyKey, T>(items: Iterable<T>, key: (item: T, index: number) => K) =>
    Object.fromEntries(Map.groupBy(items, key)) as Partial<Record<K, T[]>>;
}
if (typeof Promise.withResolvers !== "function") {
  Promise.withResolvers = <T>() => {
    let resolve!: (value: T | PromiseLike<T>) => void;
    let reject!: (reason?: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
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
    projects: ["packages/*/vitest.config.ts", "packages/*/vitest.*.config.ts", "e2e/vitest.config.{ts,mts}"],
  },
});
