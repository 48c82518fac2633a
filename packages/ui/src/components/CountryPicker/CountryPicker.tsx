import { type Ref, useState } from "react";
import { Field, type FieldBaseProps, type FieldSize, useFieldIds } from "../Field";
import * as fieldStyles from "../Field/Field.css";
import * as styles from "./CountryPicker.css";
import { CountryFlag, CountryPopover } from "./CountryPopover";
import { countries as allCountries, type Country } from "./countries";

export interface CountryPickerProps extends FieldBaseProps {
  /** The chosen country's name (the spec sends the name). "" shows the placeholder. */
  value?: string;
  /** Initial country name when uncontrolled; Singapore unless told otherwise. */
  defaultValue?: string;
  onValueChange?: (name: string, country: Country) => void;
  /** The list to offer; the bundled ISO list by default. */
  countries?: readonly Country[];
  placeholder?: string;
  searchPlaceholder?: string;
  emptyText?: string;
  size?: FieldSize;
  ref?: Ref<HTMLButtonElement>;
}

/** Finds a country by its name (case-insensitive) or its alpha-2/alpha-3 code. */
export function findCountry(
  key: string | undefined,
  list: readonly Country[] = allCountries,
): Country | undefined {
  if (!key) return undefined;
  const k = key.trim().toLowerCase();
  return list.find(
    (country) =>
      country.name.toLowerCase() === k ||
      country.alpha2Code.toLowerCase() === k ||
      country.alpha3Code.toLowerCase() === k,
  );
}

/**
 * A searchable country picker with flags. Its value and label are the country name; the flag comes from
 * the alpha-2 code. Enter, Space or ArrowDown opens it; type to search by name, code or calling code;
 * arrows move; Enter picks; Escape closes. With `name`, the country name is submitted with the form.
 */
export function CountryPicker({
  label,
  hideLabel,
  help,
  error,
  required,
  disabled,
  id,
  name,
  className,
  value,
  defaultValue = "Singapore",
  onValueChange,
  countries = allCountries,
  placeholder = "Select country",
  searchPlaceholder = "Search country",
  emptyText = "No country found",
  size = "md",
  ref,
}: CountryPickerProps) {
  const ids = useFieldIds({ id, help, error });
  const [inner, setInner] = useState(defaultValue);
  const current = findCountry(value ?? inner, countries);

  const select = (country: Country) => {
    if (value === undefined) setInner(country.name);
    onValueChange?.(country.name, country);
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
      <CountryPopover
        countries={countries}
        selected={current}
        onSelect={select}
        label="Country"
        searchPlaceholder={searchPlaceholder}
        emptyText={emptyText}
        showCallingCode={false}
      >
        <button
          ref={ref}
          type="button"
          id={ids.controlId}
          // biome-ignore lint/a11y/useAriaPropsForRole: Popover.Trigger adds aria-expanded and aria-controls
          role="combobox"
          aria-haspopup="dialog"
          aria-labelledby={ids.labelId}
          aria-describedby={ids.describedBy}
          aria-invalid={ids.invalid || undefined}
          aria-required={required || undefined}
          disabled={disabled}
          data-invalid={ids.invalid || undefined}
          className={`${fieldStyles.control({ size })} ${styles.trigger}`}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown") {
              event.preventDefault();
              event.currentTarget.click();
            }
          }}
        >
          <span className={styles.triggerValue}>
            {current ? (
              <>
                <CountryFlag code={current.alpha2Code} />
                {current.name}
              </>
            ) : (
              <span className={styles.placeholder}>{placeholder}</span>
            )}
          </span>
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
        </button>
      </CountryPopover>
      {name ? <input type="hidden" name={name} value={current?.name ?? ""} /> : null}
    </Field>
  );
}
