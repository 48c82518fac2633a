import { MultiSelect } from "@herald/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { $api } from "../../api";

export interface PickedCompany {
  id: string;
  name: string;
}

export interface CompanyPickerProps {
  label: string;
  value: readonly PickedCompany[];
  onChange: (companies: PickedCompany[]) => void;
  /** One company at most: choosing another replaces it. */
  single?: boolean;
  help?: string;
  error?: string | null;
  required?: boolean;
}

/**
 * Companies picked by searching their name or owner's e-mail on the server (20 matches at a time, as typing
 * pauses). The chosen ones stay listed as chips whatever the search shows.
 */
export function CompanyPicker({
  label,
  value,
  onChange,
  single = false,
  help,
  error,
  required,
}: CompanyPickerProps) {
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");
  useEffect(() => {
    const t = setTimeout(() => setQ(typed.trim()), 250);
    return () => clearTimeout(t);
  }, [typed]);
  const results = $api.useQuery(
    "get",
    "/operator/companies",
    { params: { query: { ...(q ? { q } : {}), limit: 20 } } },
    { placeholderData: keepPreviousData, staleTime: 30_000 },
  );
  const found = results.data?.data ?? [];
  const options = useMemo(() => {
    const byId = new Map<string, { value: string; label: string }>();
    for (const c of value) byId.set(c.id, { value: c.id, label: c.name });
    for (const c of found)
      if (!byId.has(c.id))
        byId.set(c.id, { value: c.id, label: c.status === "suspended" ? `${c.name} (suspended)` : c.name });
    return [...byId.values()];
  }, [value, found]);

  const change = (ids: string[]) => {
    const chosen = single ? ids.slice(-1) : ids;
    onChange(
      chosen.flatMap((id) => {
        const known = value.find((c) => c.id === id) ?? found.find((c) => c.id === id);
        return known ? [{ id, name: known.name }] : [];
      }),
    );
  };

  return (
    <MultiSelect
      label={label}
      help={help}
      error={error}
      required={required}
      options={options}
      value={value.map((c) => c.id)}
      onValueChange={change}
      onSearchChange={setTyped}
      placeholder="Search by company or owner e-mail…"
      emptyText={results.isFetching ? "Searching…" : "No company matches"}
      selectedLabel={`${label}: chosen`}
    />
  );
}
