export { TimePicker, type TimePickerProps } from "./TimePicker";
