export {
  type DateRange,
  DateRangePicker,
  type DateRangePickerProps,
  dateRangeError,
} from "./DateRangePicker";
