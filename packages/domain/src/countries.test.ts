import { getCountries, getCountryCallingCode, isSupportedCountry } from "libphonenumber-js";
import { describe, expect, it } from "vitest";
import {
  COUNTRY_REQUIRED,
  COUNTRY_UNKNOWN,
  contactNumberCountryMismatch,
  countries,
  countryByName,
  validateCountry,
} from "./countries";

describe("bundled country list", () => {
  it("agrees with libphonenumber-js on every calling code it knows", () => {
    const unknownToLibphonenumber: string[] = [];
    for (const c of countries) {
      if (!isSupportedCountry(c.alpha2Code)) {
        unknownToLibphonenumber.push(c.alpha2Code);
        continue;
      }
      expect(c.callingCodes, c.name).toEqual([getCountryCallingCode(c.alpha2Code)]);
    }
    // Territories without a telephone plan of their own in libphonenumber-js's metadata.
    expect(unknownToLibphonenumber.sort()).toEqual(["AQ", "BV", "GS", "HM", "PN", "TF", "UM"]);
    // Every region libphonenumber-js knows is listed, except Ascension and Tristan da Cunha (part of SH).
    const listed = new Set(countries.map((c) => c.alpha2Code));
    expect(getCountries().filter((c) => !listed.has(c))).toEqual(["AC", "TA"]);
  });

  it("finds a country by its exact name only", () => {
    expect(countryByName("Singapore")).toMatchObject({ alpha2Code: "SG", callingCodes: ["65"] });
    expect(countryByName("Narnia")).toBeUndefined();
    expect(countryByName("")).toBeUndefined();
  });
});

describe("validateCountry", () => {
  it("requires a country from the list", () => {
    expect(validateCountry("Malaysia")).toBeNull();
    expect(validateCountry("")).toBe(COUNTRY_REQUIRED);
    expect(validateCountry("   ")).toBe("Please select your country");
    expect(validateCountry("Narnia")).toBe(COUNTRY_UNKNOWN);
  });
});

describe("contactNumberCountryMismatch", () => {
  it("accepts a number whose calling code is the country's", () => {
    expect(contactNumberCountryMismatch("6591234567", "Singapore")).toBeNull();
    expect(contactNumberCountryMismatch("60123456789", "Malaysia")).toBeNull();
    // +1 is shared: Canada's numbers carry it too
    expect(contactNumberCountryMismatch("14165550123", "Canada")).toBeNull();
  });

  it("names both codes when they differ", () => {
    expect(contactNumberCountryMismatch("60123456789", "Singapore")).toBe(
      "The contact number's country code +60 does not match Singapore (+65).",
    );
  });
});
