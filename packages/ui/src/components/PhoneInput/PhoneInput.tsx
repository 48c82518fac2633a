import { DEFAULT_REGION_USER_FORMS, joinContactNumber, stripNonDigits } from "@herald/domain";
import { type ComponentPropsWithRef, useState } from "react";
import { CountryFlag, CountryPopover } from "../CountryPicker/CountryPopover";
import { countries as allCountries, type Country, mainRegionByCallingCode } from "../CountryPicker/countries";
import { Field, type FieldBaseProps, type FieldSize, useFieldIds } from "../Field";
import * as fieldStyles from "../Field/Field.css";
import * as styles from "./PhoneInput.css";

/** A phone number as the spec stores it: calling code (no plus) and national digits, kept apart. */
export interface PhoneValue {
  callingCode: string;
  number: string;
}

export interface PhoneInputProps
  extends FieldBaseProps,
    Pick<ComponentPropsWithRef<"input">, "ref" | "placeholder" | "autoComplete" | "onBlur" | "onFocus"> {
  value?: PhoneValue;
  defaultValue?: PhoneValue;
  /** Called with the new value and the chosen region (alpha-2), e.g. ({callingCode:"65",number:"91234567"}, "SG"). */
  onValueChange?: (value: PhoneValue, region: string) => void;
  /** Region shown when no value says otherwise: "MY" in user forms, "SG" in contact forms and registration. */
  defaultRegion?: string;
  /** Most digits the number input keeps (the spec's rule is 7 to 15). */
  maxDigits?: number;
  countries?: readonly Country[];
  size?: FieldSize;
}

function regionForCode(code: string, list: readonly Country[]): Country | undefined {
  const main = mainRegionByCallingCode[code];
  return (
    (main ? list.find((country) => country.alpha2Code === main) : undefined) ??
    list.find((country) => country.callingCodes.includes(code))
  );
}

/**
 * A phone number field: a compact country button (flag and calling code, searchable list) and a
 * digits-only input that drops anything that is not 0-9 as it is typed or pasted. The validation message
 * comes in through `error`. With `name`, a native form receives the stored form: calling code then digits,
 * no plus ("6591234567").
 */
export function PhoneInput({
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
  defaultValue,
  onValueChange,
  defaultRegion = DEFAULT_REGION_USER_FORMS,
  maxDigits = 15,
  countries = allCountries,
  size = "md",
  placeholder,
  autoComplete = "tel-national",
  ref,
  onBlur,
  onFocus,
}: PhoneInputProps) {
  const ids = useFieldIds({ id, help, error });
  const initialRegion = () =>
    (defaultValue ? regionForCode(defaultValue.callingCode, countries) : undefined) ??
    countries.find((country) => country.alpha2Code === defaultRegion.toUpperCase()) ??
    countries[0];
  const [region, setRegion] = useState<Country | undefined>(initialRegion);
  const [innerNumber, setInnerNumber] = useState(defaultValue?.number ?? "");

  // A controlled calling code that the chosen region does not have picks that code's main region.
  const country =
    value && region && !region.callingCodes.includes(value.callingCode)
      ? regionForCode(value.callingCode, countries)
      : region;
  const callingCode = value?.callingCode ?? country?.callingCodes[0] ?? "";
  const number = value?.number ?? innerNumber;

  const emit = (next: PhoneValue, nextRegion: Country | undefined) =>
    onValueChange?.(next, nextRegion?.alpha2Code ?? "");

  const selectCountry = (next: Country) => {
    setRegion(next);
    emit({ callingCode: next.callingCodes[0] ?? "", number }, next);
  };

  const countryLabel = country ? `Country code: ${country.name} +${callingCode}` : "Country code";

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
      {/* biome-ignore lint/a11y/useSemanticElements: a styled input box holding two controls; the field's <label> names the number */}
      <div
        role="group"
        aria-labelledby={ids.labelId}
        className={`${fieldStyles.control({ size })} ${styles.shell}`}
        data-invalid={ids.invalid || undefined}
        data-disabled={disabled || undefined}
      >
        <CountryPopover
          countries={countries}
          selected={country}
          onSelect={selectCountry}
          label="Country code"
          searchPlaceholder="Search country or code"
          emptyText="No country found"
          showCallingCode
        >
          <button
            type="button"
            className={styles.countryButton}
            aria-label={countryLabel}
            disabled={disabled}
          >
            <CountryFlag code={country?.alpha2Code} />
            <span aria-hidden="true">+{callingCode}</span>
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
        <input
          ref={ref}
          id={ids.controlId}
          type="tel"
          inputMode="numeric"
          autoComplete={autoComplete}
          value={number}
          placeholder={placeholder}
          disabled={disabled}
          required={required}
          aria-required={required || undefined}
          aria-invalid={ids.invalid || undefined}
          aria-describedby={ids.describedBy}
          className={fieldStyles.bareInput}
          onChange={(event) => {
            const digits = stripNonDigits(event.target.value).slice(0, maxDigits);
            if (!value) setInnerNumber(digits);
            emit({ callingCode, number: digits }, country);
          }}
          onBlur={onBlur}
          onFocus={onFocus}
        />
      </div>
      {name ? (
        <input type="hidden" name={name} value={number ? joinContactNumber(callingCode, number) : ""} />
      ) : null}
    </Field>
  );
}
