import { describe, expect, it } from "vitest";
import {
  fallbackExample,
  missingValues,
  missingValueText,
  parseMessage,
  placeholdersIn,
  renderMessage,
} from "./variables";

const alice = new Map([
  ["name", "Alice"],
  ["city", "Penang"],
  ["blank", "  "],
]);

describe("renderMessage", () => {
  it("puts in values, matching names without case or surrounding spaces", () => {
    expect(renderMessage("Hi {name}, see you in { City }", alice)).toBe("Hi Alice, see you in Penang");
  });

  it("uses the fallback when the recipient has no value, or only spaces, or no such variable", () => {
    expect(renderMessage("Hi {name|there}", new Map([["name", ""]]))).toBe("Hi there");
    expect(renderMessage("Hi {blank|there}", alice)).toBe("Hi there");
    expect(renderMessage("Hi {nickname|friend}", alice)).toBe("Hi friend");
    expect(renderMessage("Hi {name|there}", alice)).toBe("Hi Alice");
  });

  it("trims the fallback; an empty fallback is an explicit empty value", () => {
    expect(renderMessage("Hi {name | dear customer }!", new Map())).toBe("Hi dear customer!");
    expect(renderMessage("Hi{name|}!", new Map())).toBe("Hi!");
  });

  it("keeps a placeholder of an unknown variable as written, empties a known empty one", () => {
    expect(renderMessage("Reply {ok} for {name}", new Map([["name", ""]]))).toBe("Reply {ok} for ");
  });

  it("writes escaped braces as text, and escaped |, } and \\ inside a fallback", () => {
    expect(renderMessage("\\{name\\} is {name}", alice)).toBe("{name} is Alice");
    expect(renderMessage("{x|a\\|b\\}c\\\\d}", new Map())).toBe("a|b}c\\d");
  });

  it("treats broken or nested braces as text", () => {
    expect(renderMessage("{{1}} and {name", alice)).toBe("{{1}} and {name");
    expect(renderMessage("{}{ }{|x}", alice)).toBe("{}{ }{|x}");
    expect(renderMessage("{na\nme}", alice)).toBe("{na\nme}");
    expect(renderMessage(`{${"x".repeat(65)}}`, new Map())).toBe(`{${"x".repeat(65)}}`);
  });

  it("takes a plain object or a function as the values", () => {
    expect(renderMessage("{a}{b|B}", { a: "A" })).toBe("AB");
    expect(renderMessage("{toString|ok}", {})).toBe("ok");
    expect(renderMessage("{a}", (k) => k.toUpperCase())).toBe("A");
  });

  it("leaves text without placeholders alone", () => {
    expect(renderMessage("", alice)).toBe("");
    expect(renderMessage("30% off | today only }", alice)).toBe("30% off | today only }");
  });
});

describe("parseMessage and placeholdersIn", () => {
  it("splits text and placeholders, once per distinct placeholder", () => {
    expect(parseMessage("Hi {Name|there}!")).toEqual([
      "Hi ",
      { name: "Name", key: "name", fallback: "there", raw: "{Name|there}" },
      "!",
    ]);
    expect(placeholdersIn("{name} {NAME} {name|x}").map((p) => p.raw)).toEqual(["{name}", "{name|x}"]);
  });
});

describe("missingValues", () => {
  it("names the variables a recipient has no value for and no fallback", () => {
    const typed = new Map([
      ["name", ""],
      ["mobile", "6591234567"],
    ]);
    expect(missingValues("Hi {name}, {mobile} {name|x}", typed)).toEqual(["name"]);
    expect(missingValues("Hi {name|there}", typed)).toEqual([]);
  });

  it("only counts variables the send knows when told them", () => {
    const known = new Set(["name", "city"]);
    expect(missingValues("{ok} {city} {name}", new Map([["name", "A"]]), known)).toEqual(["city"]);
  });

  it("words the preview's warning", () => {
    expect(missingValueText("name", 12, "Hi , 30% off")).toBe(
      '12 recipients have no name; they will see "Hi , 30% off".',
    );
    expect(missingValueText("city", 1, "x")).toBe('1 recipient has no city; they will see "x".');
    expect(fallbackExample("name")).toBe("{name|there}");
  });
});
