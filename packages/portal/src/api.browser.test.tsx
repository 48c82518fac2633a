import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

/** A fetch stand-in, in place before the client is built (it keeps the fetch it finds). */
const sent: { path: string; auth: string | null }[] = [];
let status = 200;

beforeAll(() => {
  vi.stubGlobal("fetch", async (request: Request) => {
    sent.push({ path: new URL(request.url).pathname, auth: request.headers.get("Authorization") });
    return new Response(JSON.stringify({ message: "ok" }), {
      status,
      headers: { "content-type": "application/json" },
    });
  });
});
beforeEach(() => {
  localStorage.clear();
  sent.length = 0;
  status = 200;
});

const load = async () => {
  const { api } = await import("./api");
  const operator = await import("./operator-session");
  const session = await import("./session");
  return { api, operator, session };
};

describe("the api client's tokens", () => {
  it("sends the user's token to company calls and the operator's to the console's, never the other", async () => {
    const { api } = await load();
    localStorage.setItem("userToken", "user-token");
    localStorage.setItem("operatorToken", "operator-token");
    await api.GET("/userList", { params: { query: {} } });
    await api.GET("/operator/companies", { params: { query: {} } });
    await api.GET("/senderIdRegistry");
    await api.GET("/operator/companies/{id}", {
      params: { path: { id: "0190a1b2-0000-7000-8000-000000000001" } },
    });
    expect(sent.map((s) => [s.path, s.auth])).toEqual([
      ["/api/userList", "Bearer user-token"],
      ["/api/operator/companies", "Bearer operator-token"],
      ["/api/senderIdRegistry", "Bearer user-token"],
      ["/api/operator/companies/0190a1b2-0000-7000-8000-000000000001", "Bearer operator-token"],
    ]);
  });

  it("sends no token to the calls that start an operator's session, and nothing where the area has no session", async () => {
    const { api } = await load();
    localStorage.setItem("userToken", "user-token");
    await api.POST("/operator/login", { body: { email: "op@example.com", password: "x" } });
    await api.GET("/operator/overview");
    localStorage.removeItem("userToken");
    localStorage.setItem("operatorToken", "operator-token");
    await api.POST("/getProfile");
    expect(sent.map((s) => s.auth)).toEqual([null, null, null]);
  });

  it("keeps a token a sign-out names, but never lets one area's token reach the other's call", async () => {
    const { api } = await load();
    localStorage.setItem("operatorToken", "operator-token");
    await api.POST("/logout", { headers: { Authorization: "Bearer old-user-token" } });
    await api.POST("/logout", { headers: { Authorization: "Bearer operator-token" } });
    await api.POST("/operator/logout", { headers: { Authorization: "Bearer old-operator-token" } });
    expect(sent.map((s) => s.auth)).toEqual(["Bearer old-user-token", null, "Bearer old-operator-token"]);
  });

  it("ends only the session whose call was refused: a 401 on the console leaves the user's session alone", async () => {
    const { api, operator, session } = await load();
    localStorage.setItem("userToken", "user-token");
    localStorage.setItem("operatorToken", "operator-token");
    const opEnded = vi.fn();
    const userEnded = vi.fn();
    const off1 = operator.onOperatorSessionEnded(opEnded);
    const off2 = session.onSessionExpired(userEnded);
    status = 401;
    await api.GET("/operator/overview");
    expect(opEnded).toHaveBeenCalledOnce();
    expect(userEnded).not.toHaveBeenCalled();
    // the refused token is not sent again: the next console call answers 401 without leaving the browser
    const before = sent.length;
    const again = await api.GET("/operator/overview");
    expect(again.response.status).toBe(401);
    expect(sent.length).toBe(before);
    // the company's calls still go out with the user's token
    status = 200;
    await api.GET("/senderIdRegistry");
    expect(sent.at(-1)?.auth).toBe("Bearer user-token");
    off1();
    off2();
    operator.resetOperatorSessionEnded();
  });
});
