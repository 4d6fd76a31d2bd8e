import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, startTestApi, TEST_PASSWORD, type TestApi } from "../../test/harness.ts";
import { describeDevice } from "../services/sessions.ts";

/** A member's own sessions: where they are signed in, and signing out what they do not recognise. */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

async function signIn(email: string, userAgent: string) {
  const res = await api.request("POST", "/v1/auth/login", {
    headers: { "user-agent": userAgent },
    body: { email, password: TEST_PASSWORD },
  });
  expect(res.status).toBe(200);
  return res.body.session_id as string;
}

describe("sessions", () => {
  it("lists each device in words, marks the current one, and never shows another account's", async () => {
    const user = await signUp(api);
    const other = await signUp(api);
    const laptop = await signIn(user.email, FIREFOX);
    await signIn(user.email, IPHONE);
    const list = await api.request("GET", "/v1/auth/sessions", { token: laptop });
    expect(list.status).toBe(200);
    const devices = list.body.data.map((s: { device: string | null; current: boolean }) => [
      s.device,
      s.current,
    ]);
    expect(devices).toEqual(
      expect.arrayContaining([
        ["Firefox 133 on Linux", true],
        ["Safari 17 on iOS", false],
      ]),
    );
    expect(list.body.data).toHaveLength(3); // registration's session too
    expect(list.body.data.every((s: { ip: string | null }) => typeof s.ip === "string")).toBe(true);
    const theirs = await api.request("GET", "/v1/auth/sessions", { token: other.token });
    expect(theirs.body.data).toHaveLength(1);
  });

  it("signing out one session ends it on its next request; another account's id is unknown", async () => {
    const user = await signUp(api);
    const phone = await signIn(user.email, IPHONE);
    const list = await api.request("GET", "/v1/auth/sessions", { token: user.token });
    const phoneId = list.body.data.find((s: { device: string }) => s.device?.includes("iOS")).id;
    const stranger = await signUp(api);
    const foreign = await api.request("DELETE", `/v1/auth/sessions/${phoneId}`, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect((await api.request("GET", "/v1/auth/session", { token: phone })).status).toBe(200);
    const out = await api.request("DELETE", `/v1/auth/sessions/${phoneId}`, { token: user.token });
    expect(out.status).toBe(200);
    const after = await api.request("GET", "/v1/auth/session", { token: phone });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("session_invalid");
  });

  it("signing out all others keeps only the one asking", async () => {
    const user = await signUp(api);
    const a = await signIn(user.email, FIREFOX);
    const b = await signIn(user.email, IPHONE);
    const res = await api.request("POST", "/v1/auth/sessions/revoke_others", { token: a });
    expect(res.body.revoked).toBe(2);
    expect((await api.request("GET", "/v1/auth/session", { token: b })).status).toBe(401);
    expect((await api.request("GET", "/v1/auth/session", { token: user.token })).status).toBe(401);
    expect((await api.request("GET", "/v1/auth/session", { token: a })).status).toBe(200);
    const log = await api.request("GET", "/v1/auth/sessions", { token: a });
    expect(log.body.data).toHaveLength(1);
  });

  it("a sign-in from a device the account never used queues a security alert; a known device does not", async () => {
    const user = await signUp(api);
    const alerts = () =>
      api.deps.db
        .selectFrom("account_mail")
        .select(["subject", "kind"])
        .where("user_id", "=", user.user.id)
        .where("kind", "=", "security_alert")
        .execute();
    await signIn(user.email, FIREFOX);
    expect(await alerts()).toHaveLength(1);
    await signIn(user.email, FIREFOX);
    expect(await alerts()).toHaveLength(1);
    await signIn(user.email, IPHONE);
    expect(await alerts()).toEqual([
      { subject: "Security alert for your sPay account", kind: "security_alert" },
      { subject: "Security alert for your sPay account", kind: "security_alert" },
    ]);
  });

  it("describes what a member recognises, and says nothing for an empty agent", () => {
    expect(describeDevice(FIREFOX)).toBe("Firefox 133 on Linux");
    expect(describeDevice("curl/8.5.0")).toBe("curl");
    expect(describeDevice("")).toBeNull();
    expect(describeDevice(null)).toBeNull();
  });
});
