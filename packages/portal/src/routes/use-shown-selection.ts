import { useEffect, useState } from "react";

/**
 * The rows picked in a table. Rows that a new page, search or sort no longer shows leave the selection: a bulk
 * action never reaches rows the user cannot see.
 */
export function useShownSelection<T extends { id: string }>(rows: readonly T[] | undefined) {
  const [selected, setSelected] = useState<T[]>([]);
  useEffect(() => {
    const shown = new Set((rows ?? []).map((r) => r.id));
    setSelected((current) => {
      const kept = current.filter((r) => shown.has(r.id));
      return kept.length === current.length ? current : kept;
    });
  }, [rows]);
  return [selected, setSelected] as const;
}
