import { MESSAGES } from "@herald/domain";
import { MultiSelect, PhoneInput, TextField } from "@herald/ui";
import { useCompanyCountry } from "../../shell/use-profile";
import { useGroupOptions } from "./contacts.parts";
import type { ContactFormErrors, ContactFormValues } from "./contacts-rules";
import { contactFormErrors } from "./contacts-rules";

export interface ContactFieldsProps {
  values: ContactFormValues;
  groupIds: string[];
  errors: ContactFormErrors;
  onChange: (values: ContactFormValues) => void;
  onGroupsChange: (ids: string[]) => void;
  onErrorsChange: (errors: ContactFormErrors) => void;
  disabled?: boolean;
}

/** Name, number (country default: the company's), e-mail and groups of a contact; errors are re-checked as the user types. */
export function ContactFields({
  values,
  groupIds,
  errors,
  onChange,
  onGroupsChange,
  onErrorsChange,
  disabled,
}: ContactFieldsProps) {
  const groups = useGroupOptions();
  const companyCountry = useCompanyCountry();
  const update = (next: ContactFormValues) => {
    onChange(next);
    if (errors.name || errors.number) {
      const fresh = contactFormErrors(next);
      onErrorsChange({ name: errors.name && fresh.name, number: errors.number && fresh.number });
    }
  };
  return (
    <>
      <TextField
        label="Name"
        required
        value={values.name}
        onChange={(e) => update({ ...values, name: e.target.value })}
        error={errors.name}
        maxLength={255}
        autoComplete="off"
        disabled={disabled}
      />
      <PhoneInput
        label="Contact Number"
        required
        value={{ callingCode: values.callingCode, number: values.number }}
        defaultRegion={companyCountry}
        onValueChange={(next) => update({ ...values, callingCode: next.callingCode, number: next.number })}
        error={errors.number}
        help="Country code then the number: 7 to 15 digits in all."
        disabled={disabled}
      />
      <TextField
        label="Email"
        type="email"
        value={values.email}
        onChange={(e) => update({ ...values, email: e.target.value })}
        maxLength={255}
        autoComplete="off"
        disabled={disabled}
      />
      <MultiSelect
        label="Groups"
        options={groups.options}
        value={groupIds}
        onValueChange={onGroupsChange}
        placeholder={groups.loading ? "Loading groups…" : "Choose groups (optional)"}
        emptyText={groups.error ? MESSAGES.somethingWentWrong : "No groups yet"}
        disabled={disabled}
      />
    </>
  );
}
