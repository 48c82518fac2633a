import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { hashPassword } from "../../lib/passwords";
import {
  apiPost,
  createCompany,
  createUser,
  lastMessageTo,
  registration,
  TEST_PASSWORD,
  testApp,
  uniqueEmail,
} from "../../test/harness";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

const post = (url: string, payload: unknown, opts: { token?: string; ip?: string } = {}) =>
  apiPost(app, url, payload, opts);

const linkIn = (mail: { links: string[] }, path: string) => {
  const [, id, token] = new RegExp(`${path}/([^/]+)/([^/\\s]+)$`).exec(mail.links[0] ?? "") ?? [];
  return { id: id!, token: token! };
};

async function registerVerifyAndSignIn(over: Record<string, unknown> = {}) {
  const body = registration(over);
  const since = new Date();
  const res = await post("/register", body);
  expect(res.statusCode).toBe(201);
  // the address may have had mail before (a pending change of another account): only this one's link
  const link = linkIn(await lastMessageTo(app, body.email, since), "auth-register");
  expect((await post("/verify", link)).statusCode).toBe(200);
  const login = await post("/login", { email: body.email, password: body.password });
  expect(login.json().code).toBe(1);
  return { ...body, id: link.id, token: login.json().jwttoken as string };
}

const userRow = async (id: string) =>
  (await app.deps.database.db.select().from(users).where(eq(users.id, id)))[0]!;

const profileBody = (u: { email: string; contactNumber?: string }, over: Record<string, unknown> = {}) => ({
  firstName: "Mei",
  lastName: "Ling",
  email: u.email,
  contactNumber: u.contactNumber ?? "6591234567",
  ...over,
});

describe("contact number: one rule for registration and own profile", () => {
  it("lets a user registered with a 15-digit national number save own profile again", async () => {
    // +65 then 15 national digits: 17 digits stored, accepted by registration
    const long = `65${"9".repeat(15)}`;
    const u = await registerVerifyAndSignIn({ contactNumber: long });
    expect((await userRow(u.id)).contactNumber).toBe(long);

    const saved = await post("/editMyProfile", profileBody(u, { contactNumber: long, lastName: "Tan" }), {
      token: u.token,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toBe(0);
    expect(await userRow(u.id)).toMatchObject({ lastName: "Tan", contactNumber: long });
  });

  it.each([
    [`65${"9".repeat(16)}`, "Contact Number cannot exceed 15 digits."],
    ["65123456", "Contact Number cannot be less than 7 digits"],
    ["999123456789", "Invalid Contact Number"],
  ])("refuses own contact number %s with %s", async (contactNumber, message) => {
    const { owner } = await createCompany(app);
    const res = await post(
      "/editMyProfile",
      profileBody(owner, { contactNumber, currentPassword: TEST_PASSWORD }),
      { token: owner.token },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect((await userRow(owner.id)).contactNumber).toBe("6591234567");
  });
});

describe("registration checks the country against the bundled list", () => {
  it("refuses a country that is not in the list", async () => {
    const body = registration({ country: "Narnia" });
    const res = await post("/register", body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Please select your country from the list." });
    expect(await app.deps.database.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(
      0,
    );
  });

  it("refuses a contact number of another country's calling code", async () => {
    const body = registration({ country: "Singapore", contactNumber: "60123456789" });
    const res = await post("/register", body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "The contact number's country code +60 does not match Singapore (+65).",
    });
    expect(await app.deps.database.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(
      0,
    );
  });

  it("accepts a number of a calling code the country shares", async () => {
    const res = await post("/register", registration({ country: "Canada", contactNumber: "14165550123" }));
    expect(res.statusCode).toBe(201);
  });
});

describe("sensitive changes need the current password", () => {
  it("turns 2FA off only with the current password, and on without it", async () => {
    const { owner } = await createCompany(app);
    await app.deps.database.db.update(users).set({ login2fa: "Y" }).where(eq(users.id, owner.id));
    const off = { changePass: false, login2fa: "N" };

    const missing = await post("/editMySecurity", off, { token: owner.token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: "Please enter your current password to confirm this change." });
    const wrong = await post(
      "/editMySecurity",
      { ...off, currentPassword: "Wrong!Passw0rd1" },
      { token: owner.token },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: "Your current password is not correct." });
    expect((await userRow(owner.id)).login2fa).toBe("Y");

    const ok = await post(
      "/editMySecurity",
      { ...off, currentPassword: TEST_PASSWORD },
      { token: owner.token },
    );
    expect(ok.json()).toEqual({ message: "Data Update Successful !" });
    expect((await userRow(owner.id)).login2fa).toBe("N");

    const on = await post("/editMySecurity", { changePass: false, login2fa: "Y" }, { token: owner.token });
    expect(on.statusCode).toBe(200);
    expect((await userRow(owner.id)).login2fa).toBe("Y");
  });

  it("keeps 2FA on when a password change's old password is wrong", async () => {
    const { owner } = await createCompany(app);
    await app.deps.database.db.update(users).set({ login2fa: "Y" }).where(eq(users.id, owner.id));
    const res = await post(
      "/editMySecurity",
      {
        changePass: true,
        oldPass: "Wrong!Passw0rd1",
        password: "New!Passw0rd99",
        confirmPass: "New!Passw0rd99",
        login2fa: "N",
      },
      { token: owner.token },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Invalid old password" });
    expect((await userRow(owner.id)).login2fa).toBe("Y");
  });

  it("accepts the old password of a password change as the confirmation for turning 2FA off", async () => {
    const { owner } = await createCompany(app);
    await app.deps.database.db.update(users).set({ login2fa: "Y" }).where(eq(users.id, owner.id));
    const res = await post(
      "/editMySecurity",
      {
        changePass: true,
        oldPass: TEST_PASSWORD,
        password: "New!Passw0rd99",
        confirmPass: "New!Passw0rd99",
        login2fa: "N",
      },
      { token: owner.token },
    );
    expect(res.statusCode).toBe(200);
    expect((await userRow(owner.id)).login2fa).toBe("N");
  });

  it("changes the contact number only with the current password; names need none", async () => {
    const { owner } = await createCompany(app);
    const names = await post("/editMyProfile", profileBody(owner, { lastName: "Tan" }), {
      token: owner.token,
    });
    expect(names.json()).toBe(0);

    const moved = profileBody(owner, { contactNumber: "6598765432" });
    const missing = await post("/editMyProfile", moved, { token: owner.token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: "Please enter your current password to confirm this change." });
    const wrong = await post(
      "/editMyProfile",
      { ...moved, currentPassword: "Wrong!Passw0rd1" },
      { token: owner.token },
    );
    expect(wrong.json()).toEqual({ message: "Your current password is not correct." });
    expect((await userRow(owner.id)).contactNumber).toBe("6591234567");

    const ok = await post(
      "/editMyProfile",
      { ...moved, currentPassword: TEST_PASSWORD },
      { token: owner.token },
    );
    expect(ok.json()).toBe(0);
    expect((await userRow(owner.id)).contactNumber).toBe("6598765432");
  });

  it("limits wrong current-password tries per account", async () => {
    const { owner } = await createCompany(app);
    const moved = profileBody(owner, { contactNumber: "6598765432", currentPassword: "Wrong!Passw0rd1" });
    for (let i = 0; i < 10; i++) {
      expect((await post("/editMyProfile", moved, { token: owner.token })).statusCode).toBe(400);
    }
    const limited = await post(
      "/editMyProfile",
      { ...moved, currentPassword: TEST_PASSWORD },
      { token: owner.token },
    );
    expect(limited.statusCode).toBe(429);
    expect((await userRow(owner.id)).contactNumber).toBe("6591234567");
  });
});

describe("own e-mail change", () => {
  it("keeps the old address until the new one is verified, notifies the old one, and ends reset links", async () => {
    const u = await registerVerifyAndSignIn();
    const since = new Date();
    expect((await post("/forgotpassword", { email: u.email })).statusCode).toBe(200);
    const reset = linkIn(await lastMessageTo(app, u.email, since), "reset-pass");

    const newEmail = uniqueEmail("moved");
    const noPassword = await post("/editMyProfile", profileBody(u, { email: newEmail }), { token: u.token });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toEqual({
      message: "Please enter your current password to confirm this change.",
    });

    const noticeSince = new Date();
    const asked = await post(
      "/editMyProfile",
      profileBody(u, { email: newEmail, currentPassword: u.password }),
      { token: u.token },
    );
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toBe(1);

    // still signed in, still the old address
    const profile = await post("/getProfile", {}, { token: u.token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().email).toBe(u.email);
    expect(profile.json().pendingEmail).toBe(newEmail);
    expect((await post("/login", { email: u.email, password: u.password })).json().code).toBe(1);
    expect((await post("/login", { email: newEmail, password: u.password })).statusCode).toBe(400);

    const notice = await lastMessageTo(app, u.email, noticeSince);
    expect(notice.subject).toBe("Your e-mail address is being changed");
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toContain("If this was not you");
    const confirm = await lastMessageTo(app, newEmail);
    expect(confirm.subject).toBe("Confirm your new e-mail address");

    // the reset link mailed to the old address before the change no longer works
    expect((await post("/verifyReset", { token: reset.token })).statusCode).toBe(400);

    const link = linkIn(confirm, "auth-register");
    expect(link.id).toBe(u.id);
    const verified = await post("/verify", link);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: "Verify Successful !" });
    expect((await userRow(u.id)).email).toBe(newEmail);
    const after = (await post("/getProfile", {}, { token: u.token })).json();
    expect(after.email).toBe(newEmail);
    expect(after.pendingEmail).toBeNull();
    expect((await post("/login", { email: newEmail, password: u.password })).json().code).toBe(1);
    expect((await post("/login", { email: u.email, password: u.password })).statusCode).toBe(400);
    // single use
    expect((await post("/verify", link)).json()).toEqual({ message: "Invalid or expired token" });
  });

  it("fails cleanly when the new address was taken before the link is used", async () => {
    const u = await registerVerifyAndSignIn();
    const newEmail = uniqueEmail("contested");
    const asked = await post(
      "/editMyProfile",
      profileBody(u, { email: newEmail, currentPassword: u.password }),
      { token: u.token },
    );
    expect(asked.json()).toBe(1);
    const link = linkIn(await lastMessageTo(app, newEmail), "auth-register");

    await registerVerifyAndSignIn({ email: newEmail });
    const res = await post("/verify", link);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "That email is taken, please try another" });
    expect((await userRow(u.id)).email).toBe(u.email);
    expect((await post("/login", { email: u.email, password: u.password })).json().code).toBe(1);
  });

  it("does not move a deleted account to the new address", async () => {
    const u = await registerVerifyAndSignIn();
    const newEmail = uniqueEmail("deleted");
    await post("/editMyProfile", profileBody(u, { email: newEmail, currentPassword: u.password }), {
      token: u.token,
    });
    const link = linkIn(await lastMessageTo(app, newEmail), "auth-register");
    await app.deps.database.db.update(users).set({ status: "deleted" }).where(eq(users.id, u.id));
    const res = await post("/verify", link);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Invalid or expired token" });
    expect((await userRow(u.id)).email).toBe(u.email);
  });

  it("refuses an address another account holds, before asking for anything", async () => {
    const u = await registerVerifyAndSignIn();
    const other = await registerVerifyAndSignIn();
    const res = await post(
      "/editMyProfile",
      profileBody(u, { email: other.email.toUpperCase(), currentPassword: u.password }),
      { token: u.token },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "That email is taken, please try another" });
  });

  it("a password change ends unused reset links and a pending change of address", async () => {
    const u = await registerVerifyAndSignIn();
    const newEmail = uniqueEmail("pending");
    await post("/editMyProfile", profileBody(u, { email: newEmail, currentPassword: u.password }), {
      token: u.token,
    });
    const change = linkIn(await lastMessageTo(app, newEmail), "auth-register");
    const since = new Date(Date.now() + 1);
    await post("/forgotpassword", { email: u.email });
    const reset = linkIn(await lastMessageTo(app, u.email, since), "reset-pass");
    expect((await post("/verifyReset", { token: reset.token })).statusCode).toBe(200);

    const changed = await post(
      "/editMySecurity",
      {
        changePass: true,
        oldPass: u.password,
        password: "New!Passw0rd99",
        confirmPass: "New!Passw0rd99",
        login2fa: "N",
      },
      { token: u.token },
    );
    expect(changed.statusCode).toBe(200);
    expect((await post("/verifyReset", { token: reset.token })).statusCode).toBe(400);
    expect((await post("/verify", change)).statusCode).toBe(400);
    expect((await userRow(u.id)).email).toBe(u.email);
  });
});

describe("password change", () => {
  it("checks the old password only against the stored one, even when it predates today's rules", async () => {
    const { id } = await createCompany(app);
    const user = await createUser(app, id, { role: "agent" });
    // a password set before the composition rule (no capital, no special character)
    const legacy = "oldlowercase12";
    await app.deps.database.db
      .update(users)
      .set({ passwordHash: await hashPassword(legacy) })
      .where(eq(users.id, user.id));
    const res = await post(
      "/editMySecurity",
      {
        changePass: true,
        oldPass: legacy,
        password: "New!Passw0rd99",
        confirmPass: "New!Passw0rd99",
        login2fa: "N",
      },
      { token: user.token },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Data Update Successful !" });
    expect((await post("/login", { email: user.email, password: "New!Passw0rd99" })).json().code).toBe(1);
  });

  it("still refuses an empty old password and a wrong one", async () => {
    const { owner } = await createCompany(app);
    const body = {
      changePass: true,
      password: "New!Passw0rd99",
      confirmPass: "New!Passw0rd99",
      login2fa: "N",
    };
    const empty = await post("/editMySecurity", { ...body, oldPass: "" }, { token: owner.token });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: "Password is required" });
    const wrong = await post("/editMySecurity", { ...body, oldPass: "short" }, { token: owner.token });
    expect(wrong.json()).toEqual({ message: "Invalid old password" });
  });
});
