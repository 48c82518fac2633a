import { describe, expect, it } from "vitest";
import * as domain from "./index";

describe("@herald/domain entry", () => {
  it("re-exports every module", () => {
    for (const name of [
      "validateContactNumber",
      "validatePassword",
      "validateNewPassword",
      "sgdToCents",
      "formatDate",
      "roleLabel",
      "countSms",
      "isValidEmail",
      "MESSAGES",
      "statusLogText",
      "COMMON_PASSWORDS",
    ]) {
      expect(domain, name).toHaveProperty(name);
    }
  });
});
