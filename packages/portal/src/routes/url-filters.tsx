import { TextField } from "@herald/ui";
import { useContext, useEffect, useRef, useState } from "react";
import { UNSAFE_DataRouterContext, useLocation, useNavigation, useSearchParams } from "react-router";

/**
 * A list's filters kept in the address (?q=&status=), so a filtered list can be linked to, reloaded and
 * reached with Back. `set` changes some of them and keeps the rest; empty values leave the address.
 */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ""])) as Record<K, string>;
  const set = (patch: Partial<Record<K, string>>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(patch) as [K, string | undefined][]) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  };
  return [values, set] as const;
}

export interface SearchFieldProps {
  label: string;
  placeholder?: string;
  /** The value in effect (from the address). */
  value: string;
  /** Called with the trimmed text once typing pauses. */
  onSearch: (value: string) => void;
  className?: string;
  debounceMs?: number;
  maxLength?: number;
  help?: string;
}

/**
 * A search box that searches on the server once typing pauses (300 ms), not at every key. A pause that ends
 * while the user is already leaving for another page (a link clicked before the search ran, its page still
 * loading) searches nothing: the search's change of address would cancel the page they chose.
 */
export function SearchField({
  label,
  placeholder,
  value,
  onSearch,
  className,
  debounceMs = 300,
  maxLength = 100,
  help,
}: SearchFieldProps) {
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const leaving = navigation.state !== "idle" && navigation.location?.pathname !== pathname;
  // The router itself, read when the pause ends: a link clicked a moment before has started its navigation
  // there already, before this component has re-rendered with it.
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  // The address changed from elsewhere (Back, a link): show it.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (leaving || text.trim() === value) return;
    const t = setTimeout(() => {
      const nav = router?.state.navigation;
      if (nav && nav.state !== "idle" && nav.location?.pathname !== router?.state.location.pathname) return;
      latest.current(text.trim());
    }, debounceMs);
    return () => clearTimeout(t);
  }, [text, value, debounceMs, leaving, router]);
  return (
    <TextField
      className={className}
      label={label}
      type="search"
      placeholder={placeholder}
      value={text}
      maxLength={maxLength}
      help={help}
      onChange={(e) => setText(e.target.value)}
    />
  );
}
