import { describe, expect, it } from "vitest";
import { splitTags } from "./TagInput";

describe("splitTags", () => {
  it("splits on commas, semicolons, spaces, tabs and newlines", () => {
    expect(splitTags("6591111111,6592222222;6593333333 6594444444\t6595555555\r\n6596666666")).toEqual([
      "6591111111",
      "6592222222",
      "6593333333",
      "6594444444",
      "6595555555",
      "6596666666",
    ]);
  });

  it("drops empty pieces", () => {
    expect(splitTags(" ,, \n ")).toEqual([]);
    expect(splitTags(",a,,b,")).toEqual(["a", "b"]);
  });
});
