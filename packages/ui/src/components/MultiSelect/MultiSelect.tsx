import { Popover } from "radix-ui";
import { type KeyboardEvent, type Ref, useEffect, useMemo, useRef, useState } from "react";
import { Field, type FieldBaseProps, type FieldSize, useFieldIds } from "../Field";
import * as fieldStyles from "../Field/Field.css";
import * as styles from "./MultiSelect.css";

export interface MultiSelectOption<V extends string = string> {
  value: V;
  label: string;
  disabled?: boolean;
}

export interface MultiSelectProps<V extends string = string> extends FieldBaseProps {
  options: readonly MultiSelectOption<V>[];
  value?: readonly V[];
  defaultValue?: readonly V[];
  onValueChange?: (values: V[]) => void;
  /** Shown in the search input while nothing is typed. */
  placeholder?: string;
  /** Text of the list when the search matches nothing. */
  emptyText?: string;
  /** Accessible name of the list of chosen items. */
  selectedLabel?: string;
  size?: FieldSize;
  /** Ref to the search input. */
  ref?: Ref<HTMLInputElement>;
  /**
   * Called with the search text as it changes (empty when it is cleared), so a caller with more options than it
   * can list may look them up and pass the matches in `options`; the list still filters what it is given.
   */
  onSearchChange?: (query: string) => void;
}

const Check = () => (
  <svg
    viewBox="0 0 16 16"
    width="12"
    height="12"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.4"
    aria-hidden="true"
  >
    <path d="M3 8.5l3 3 7-7" />
  </svg>
);

const Cross = () => (
  <svg
    viewBox="0 0 16 16"
    width="12"
    height="12"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="M4 4l8 8M12 4l-8 8" />
  </svg>
);

/**
 * Several choices from a searchable list, shown as chips. Keyboard: type to filter, ArrowDown/ArrowUp
 * move, Enter toggles the active option (and never submits the form around the picker), Backspace in the empty search removes the last chip, Escape closes.
 * Each chip has a labelled remove button. With `name`, every value is submitted as a hidden input.
 */
export function MultiSelect<V extends string = string>({
  label,
  hideLabel,
  help,
  error,
  required,
  disabled,
  id,
  name,
  className,
  options,
  value,
  defaultValue,
  onValueChange,
  placeholder = "Search…",
  emptyText = "No matches",
  selectedLabel = "Selected",
  size = "md",
  ref,
  onSearchChange,
}: MultiSelectProps<V>) {
  const ids = useFieldIds({ id, help, error });
  const listboxId = `${ids.controlId}-listbox`;
  const [inner, setInner] = useState<V[]>(() => [...(defaultValue ?? [])]);
  const selected = value ? [...value] : inner;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(-1);
  const anchorRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);

  const searchChanged = useRef(onSearchChange);
  searchChanged.current = onSearchChange;
  useEffect(() => {
    searchChanged.current?.(query);
  }, [query]);

  const labelOf = (v: V) => options.find((option) => option.value === v)?.label ?? v;
  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? options.filter((option) => option.label.toLowerCase().includes(q)) : [...options];
  }, [options, query]);
  const optionId = (option: MultiSelectOption<V>) => `${listboxId}-${options.indexOf(option)}`;
  const activeOption = active >= 0 ? filtered[active] : undefined;

  const commit = (next: V[]) => {
    if (!value) setInner(next);
    onValueChange?.(next);
  };
  const toggle = (option: MultiSelectOption<V>) => {
    if (option.disabled) return;
    commit(
      selected.includes(option.value)
        ? selected.filter((v) => v !== option.value)
        : [...selected, option.value],
    );
  };
  const remove = (v: V) => commit(selected.filter((item) => item !== v));

  const firstEnabled = (list: MultiSelectOption<V>[], from: number, step: 1 | -1) => {
    for (let i = from; i >= 0 && i < list.length; i += step) if (!list[i]?.disabled) return i;
    return -1;
  };

  useEffect(() => {
    if (!open || !activeOption) return;
    document.getElementById(optionId(activeOption))?.scrollIntoView({ block: "nearest" });
  });

  const openList = () => {
    if (disabled) return;
    setOpen(true);
    if (active < 0) setActive(firstEnabled(filtered, 0, 1));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown": {
        event.preventDefault();
        if (!open) return openList();
        const next = firstEnabled(filtered, active + 1, 1);
        if (next >= 0) setActive(next);
        return;
      }
      case "ArrowUp": {
        event.preventDefault();
        if (!open) return openList();
        const prev = firstEnabled(filtered, active - 1, -1);
        if (prev >= 0) setActive(prev);
        return;
      }
      case "Enter": {
        // Enter in a picker picks: it never submits the form around it. With the list closed it opens it; with
        // no option under the cursor (a search that matches nothing) it does nothing.
        event.preventDefault();
        if (!open) return openList();
        if (activeOption) {
          toggle(activeOption);
          if (query) {
            // The search has done its work: clear it for the next pick and keep the picked option active.
            setQuery("");
            setActive(options.indexOf(activeOption));
          }
        }
        return;
      }
      case "Escape": {
        if (open) {
          event.preventDefault();
          setOpen(false);
        } else if (query) {
          setQuery("");
        }
        return;
      }
      case "Backspace": {
        const last = selected[selected.length - 1];
        if (query === "" && last !== undefined) {
          event.preventDefault();
          remove(last);
        }
        return;
      }
      case "Tab":
        setOpen(false);
        return;
    }
  };

  return (
    <Field
      ids={ids}
      label={label}
      hideLabel={hideLabel}
      help={help}
      error={error}
      required={required}
      disabled={disabled}
      className={className}
    >
      <Popover.Root open={open && !disabled} onOpenChange={setOpen}>
        <Popover.Anchor asChild>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer convenience; the input inside is the control */}
          <div
            ref={anchorRef}
            className={`${fieldStyles.control({ size })} ${styles.shell}`}
            data-invalid={ids.invalid || undefined}
            data-disabled={disabled || undefined}
            onMouseDown={(event) => {
              if (event.target === event.currentTarget) {
                event.preventDefault();
                inputRef.current?.focus();
                openList();
              }
            }}
          >
            {selected.length > 0 ? (
              <ul className={styles.chips} aria-label={selectedLabel}>
                {selected.map((v) => (
                  <li key={v} className={styles.chip}>
                    <span className={styles.chipText}>{labelOf(v)}</span>
                    <button
                      type="button"
                      className={styles.chipRemove}
                      aria-label={`Remove ${labelOf(v)}`}
                      disabled={disabled}
                      onClick={() => {
                        remove(v);
                        inputRef.current?.focus();
                      }}
                    >
                      <Cross />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            <input
              ref={(node) => {
                inputRef.current = node;
                if (typeof ref === "function") ref(node);
                else if (ref) ref.current = node;
              }}
              id={ids.controlId}
              type="text"
              role="combobox"
              autoComplete="off"
              aria-autocomplete="list"
              aria-expanded={open}
              aria-controls={open ? listboxId : undefined}
              aria-activedescendant={open && activeOption ? optionId(activeOption) : undefined}
              aria-describedby={ids.describedBy}
              aria-invalid={ids.invalid || undefined}
              aria-required={required || undefined}
              disabled={disabled}
              placeholder={selected.length === 0 ? placeholder : undefined}
              value={query}
              className={`${fieldStyles.bareInput} ${styles.input}`}
              onChange={(event) => {
                setQuery(event.target.value);
                setOpen(true);
                setActive(0);
              }}
              onClick={openList}
              onKeyDown={onKeyDown}
              onBlur={() => setQuery("")}
            />
            <svg
              className={styles.chevron}
              viewBox="0 0 16 16"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M4 6l4 4 4-4" />
            </svg>
            {name ? selected.map((v) => <input key={v} type="hidden" name={name} value={v} />) : null}
          </div>
        </Popover.Anchor>
        <Popover.Portal>
          <Popover.Content
            id={listboxId}
            role="listbox"
            aria-multiselectable="true"
            aria-labelledby={ids.labelId}
            align="start"
            sideOffset={4}
            className={styles.listbox}
            onOpenAutoFocus={(event) => event.preventDefault()}
            onCloseAutoFocus={(event) => event.preventDefault()}
            onInteractOutside={(event) => {
              if (event.target instanceof Node && anchorRef.current?.contains(event.target))
                event.preventDefault();
            }}
          >
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
              filtered.map((option, index) => {
                const isSelected = selected.includes(option.value);
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard path is the combobox input (aria-activedescendant)
                  <div
                    key={option.value}
                    id={optionId(option)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={isSelected}
                    aria-disabled={option.disabled || undefined}
                    data-active={index === active}
                    className={styles.option}
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => {
                      if (!option.disabled && index !== active) setActive(index);
                    }}
                    onClick={() => toggle(option)}
                  >
                    <span className={styles.optionCheck}>{isSelected ? <Check /> : null}</span>
                    {option.label}
                  </div>
                );
              })
            )}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </Field>
  );
}
