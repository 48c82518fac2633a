export { CountryPicker, type CountryPickerProps, findCountry } from "./CountryPicker";
export { searchCountries } from "./CountryPopover";
export { type Country, countries, mainRegionByCallingCode } from "./countries";
