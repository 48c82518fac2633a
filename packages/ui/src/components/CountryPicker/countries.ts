// The bundled country list lives in @herald/domain so that the server checks registrations against the
// same list the pickers offer.
export { type Country, countries, mainRegionByCallingCode } from "@herald/domain";
