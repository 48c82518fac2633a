import { describe, expect, it } from "vitest";
import { findCountry } from "./CountryPicker";
import { searchCountries } from "./CountryPopover";
import { countries, mainRegionByCallingCode } from "./countries";

describe("bundled country list", () => {
  it("holds every ISO 3166-1 country plus Kosovo, with unique codes", () => {
    expect(countries).toHaveLength(250);
    expect(new Set(countries.map((c) => c.alpha2Code)).size).toBe(countries.length);
    expect(new Set(countries.map((c) => c.alpha3Code)).size).toBe(countries.length);
    expect(new Set(countries.map((c) => c.name)).size).toBe(countries.length);
  });

  it("derives each flag from the alpha-2 code", () => {
    for (const country of countries) {
      const letters = [...country.flag].map((ch) =>
        String.fromCharCode((ch.codePointAt(0) ?? 0) - 0x1f1e6 + 65),
      );
      expect(letters.join("")).toBe(country.alpha2Code);
    }
  });

  it("is sorted by name and has the spec's defaults", () => {
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(findCountry("Singapore")).toMatchObject({
      alpha2Code: "SG",
      alpha3Code: "SGP",
      callingCodes: ["65"],
    });
    expect(findCountry("MY")).toMatchObject({ name: "Malaysia", callingCodes: ["60"] });
    expect(findCountry("idn")?.name).toBe("Indonesia");
    expect(findCountry("Atlantis")).toBeUndefined();
  });

  it("names a main region for every shared calling code", () => {
    for (const [code, region] of Object.entries(mainRegionByCallingCode)) {
      expect(findCountry(region)?.callingCodes).toContain(code);
    }
  });
});

describe("searchCountries", () => {
  it("matches names ignoring case and accents, prefixes first", () => {
    expect(searchCountries(countries, "cote").map((c) => c.alpha2Code)).toEqual(["CI"]);
    const results = searchCountries(countries, "ma").map((c) => c.name);
    expect(results.slice(0, 3)).toEqual(["Macao SAR China", "Madagascar", "Malawi"]);
    expect(results).toContain("Guatemala");
    expect(results.indexOf("Guatemala")).toBeGreaterThan(results.indexOf("Mayotte"));
  });

  it("matches ISO codes exactly", () => {
    expect(searchCountries(countries, "gb").map((c) => c.name)).toEqual(["United Kingdom"]);
    expect(searchCountries(countries, "SGP").map((c) => c.name)).toEqual(["Singapore"]);
  });

  it("matches calling codes with or without plus, main region first", () => {
    expect(searchCountries(countries, "+1")[0]?.alpha2Code).toBe("US");
    expect(searchCountries(countries, "65")[0]?.alpha2Code).toBe("SG");
    expect(
      searchCountries(countries, "44")
        .slice(0, 1)
        .map((c) => c.alpha2Code),
    ).toEqual(["GB"]);
  });

  it("returns the whole list for an empty query and nothing for nonsense", () => {
    expect(searchCountries(countries, "  ")).toHaveLength(countries.length);
    expect(searchCountries(countries, "qqqq")).toEqual([]);
  });
});
