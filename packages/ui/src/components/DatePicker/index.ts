export { DatePicker, type DatePickerProps } from "./DatePicker";
export { type DateBoundsMessages, dateBoundsError, todayIso, toIsoDate } from "./dates";
