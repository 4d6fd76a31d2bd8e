import { describe, expect, it } from "vitest";
import { RECEIPT, recordingCore } from "../../../test/x402/recording-core.js";
import { fetchWrapper } from "./fetch.js";

const URL_ = "http://api.example.test/weather";

describe("x402 paywall around a fetch handler", () => {
  it("402 first; a paid request gets the handler's answer with the receipt; extra arguments pass through", async () => {
    const core = recordingCore();
    const handler = fetchWrapper(core)((request: Request, env: { city: string }) =>
      Response.json({ city: env.city, path: new URL(request.url).pathname }),
    );
    expect((await handler(new Request(URL_), { city: "Lisbon" })).status).toBe(402);
    const res = await handler(new Request(URL_, { headers: { "x-test-payment": "good" } }), {
      city: "Lisbon",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ city: "Lisbon", path: "/weather" });
    expect(res.headers.get(RECEIPT[0])).toBe(RECEIPT[1]);
  });

  it("a settlement that loses answers its 402", async () => {
    const handler = fetchWrapper(recordingCore())(() => Response.json({ sunny: true }));
    const res = await handler(new Request(URL_, { headers: { "x-test-payment": "raced" } }));
    expect(res.status).toBe(402);
  });
});
