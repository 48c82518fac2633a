import { timeSlots } from "@herald/domain";
import { useMemo } from "react";
import { Select, type SelectProps } from "../Select";

export interface TimePickerProps extends Omit<SelectProps, "options" | "placeholder"> {
  /** Minutes between options; 30 gives 00:00, 00:30 … 23:30. */
  step?: number;
  /** Earliest selectable time "HH:mm" (earlier slots are shown disabled), e.g. now on today's date. */
  min?: string;
  /** Latest selectable time "HH:mm". */
  max?: string;
  placeholder?: string;
}

/** A time of day picked from fixed slots ("HH:mm", 24-hour), as a Select. */
export function TimePicker({ step = 30, min, max, placeholder = "Select time", ...rest }: TimePickerProps) {
  const options = useMemo(
    () =>
      timeSlots(step).map((slot) => ({
        value: slot,
        label: slot,
        disabled: (min !== undefined && slot < min) || (max !== undefined && slot > max),
      })),
    [step, min, max],
  );
  return <Select {...rest} options={options} placeholder={placeholder} />;
}
