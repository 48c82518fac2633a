import { Popover } from "radix-ui";
import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import * as fieldStyles from "../Field/Field.css";
import * as styles from "./CountryPicker.css";
import { type Country, mainRegionByCallingCode } from "./countries";

/**
 * SVG flags (country-flag-icons, 3:2), loaded once in their own chunk when the first picker mounts, so
 * that no route pays for them on first load and no system falls back to letter pairs as emoji flags do.
 */
type FlagSvgs = Readonly<Record<string, string | undefined>>;
let flagSvgs: FlagSvgs | undefined;
let flagsLoading: Promise<void> | undefined;
const flagListeners = new Set<() => void>();
const flagUrls = new Map<string, string>();

function loadFlags(): Promise<void> {
  flagsLoading ??= import("country-flag-icons/string/3x2").then(
    (svgs) => {
      flagSvgs = svgs as FlagSvgs;
      for (const listener of flagListeners) listener();
    },
    () => {
      // Offline or a failed chunk: the flag boxes stay empty; try again on the next mount.
      flagsLoading = undefined;
    },
  );
  return flagsLoading;
}

const subscribeFlags = (listener: () => void) => {
  flagListeners.add(listener);
  return () => flagListeners.delete(listener);
};

function flagUrl(code: string): string | undefined {
  const svg = flagSvgs?.[code];
  if (!svg) return undefined;
  let url = flagUrls.get(code);
  if (!url) {
    url = `data:image/svg+xml,${encodeURIComponent(svg)}`;
    flagUrls.set(code, url);
  }
  return url;
}

/** The flag of a country (alpha-2 code) as an SVG image; decorative, the country's name is beside it. */
export function CountryFlag({ code }: { code: string | undefined }) {
  const loaded = useSyncExternalStore(
    subscribeFlags,
    () => flagSvgs !== undefined,
    () => false,
  );
  useEffect(() => {
    if (!loaded) void loadFlags();
  }, [loaded]);
  const src = loaded && code ? flagUrl(code) : undefined;
  return (
    <span className={styles.flag} aria-hidden="true" data-flag={code}>
      {src ? <img className={styles.flagImage} src={src} alt="" width={21} height={14} /> : null}
    </span>
  );
}

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/**
 * Countries matching a search: by name (accents ignored), alpha-2/alpha-3 code, or calling code
 * ("65", "+65"). Names that start with the query come first.
 */
export function searchCountries(countries: readonly Country[], query: string): Country[] {
  const q = fold(query.trim());
  if (!q) return [...countries];
  const digits = q.replace(/^\+/, "");
  const isCode = /^\d+$/.test(digits);
  const matches = countries.filter((country) => {
    if (isCode) return country.callingCodes.some((code) => code.startsWith(digits));
    return (
      fold(country.name).includes(q) ||
      country.alpha2Code.toLowerCase() === q ||
      country.alpha3Code.toLowerCase() === q
    );
  });
  if (isCode) {
    // The main region of an exact calling code first, then other exact matches, then longer codes.
    const rank = (country: Country) =>
      mainRegionByCallingCode[digits] === country.alpha2Code
        ? 0
        : country.callingCodes.includes(digits)
          ? 1
          : 2;
    return matches.sort((a, b) => rank(a) - rank(b));
  }
  return matches.sort((a, b) => Number(!fold(a.name).startsWith(q)) - Number(!fold(b.name).startsWith(q)));
}

export interface CountryPopoverProps {
  countries: readonly Country[];
  selected: Country | undefined;
  onSelect: (country: Country) => void;
  /** The trigger button (rendered through Popover.Trigger asChild). */
  children: ReactNode;
  /** Accessible name of the popup and its search box, e.g. "Country". */
  label: string;
  searchPlaceholder: string;
  emptyText: string;
  /** Show "+65" in each option (the phone input's compact list). */
  showCallingCode: boolean;
}

/** The shared searchable country list in a popover, used by CountryPicker and PhoneInput. */
export function CountryPopover({
  countries,
  selected,
  onSelect,
  children,
  label,
  searchPlaceholder,
  emptyText,
  showCallingCode,
}: CountryPopoverProps) {
  const baseId = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const listboxId = `${baseId}-countries`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const filtered = useMemo(() => searchCountries(countries, query), [countries, query]);
  const [active, setActive] = useState(0);
  const searchRef = useRef<HTMLInputElement>(null);
  const activeCountry = filtered[active];
  const optionId = (country: Country) => `${listboxId}-${country.alpha2Code}`;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setQuery("");
      setActive(Math.max(0, selected ? countries.indexOf(selected) : 0));
    }
  };

  useEffect(() => {
    if (!open || !activeCountry) return;
    document.getElementById(optionId(activeCountry))?.scrollIntoView({ block: "nearest" });
  });

  const choose = (country: Country) => {
    onSelect(country);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = filtered.length - 1;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        setActive((index) => Math.min(last, index + 1));
        break;
      case "ArrowUp":
        event.preventDefault();
        setActive((index) => Math.max(0, index - 1));
        break;
      case "PageDown":
        event.preventDefault();
        setActive((index) => Math.min(last, index + 8));
        break;
      case "PageUp":
        event.preventDefault();
        setActive((index) => Math.max(0, index - 8));
        break;
      case "Enter":
        event.preventDefault();
        if (activeCountry) choose(activeCountry);
        break;
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange} modal>
      <Popover.Trigger asChild>{children}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label={label}
          align="start"
          sideOffset={4}
          className={styles.content}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            searchRef.current?.focus();
          }}
        >
          <input
            ref={searchRef}
            type="text"
            role="combobox"
            aria-label={`Search ${label.toLowerCase()}`}
            aria-expanded="true"
            aria-controls={listboxId}
            aria-autocomplete="list"
            aria-activedescendant={activeCountry ? optionId(activeCountry) : undefined}
            autoComplete="off"
            placeholder={searchPlaceholder}
            value={query}
            className={`${fieldStyles.control({ size: "sm" })} ${styles.search}`}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          <div id={listboxId} role="listbox" aria-label={label} className={styles.listbox}>
            {filtered.length === 0 ? (
              <div
                role="option"
                tabIndex={-1}
                aria-selected="false"
                aria-disabled="true"
                className={styles.empty}
              >
                {emptyText}
              </div>
            ) : (
              filtered.map((country, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard path is the search combobox (aria-activedescendant)
                <div
                  key={country.alpha2Code}
                  id={optionId(country)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={country === selected}
                  data-active={index === active}
                  className={styles.option}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => {
                    if (index !== active) setActive(index);
                  }}
                  onClick={() => choose(country)}
                >
                  <CountryFlag code={country.alpha2Code} />
                  <span className={styles.optionName}>{country.name}</span>
                  {showCallingCode ? (
                    <span className={styles.optionCode}>+{country.callingCodes[0]}</span>
                  ) : null}
                </div>
              ))
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
