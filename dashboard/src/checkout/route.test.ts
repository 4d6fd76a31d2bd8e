import { describe, expect, it } from "vitest";
import { checkoutRoute } from "./route.ts";

describe("checkoutRoute", () => {
  it("reads the payment link's id", () => {
    expect(checkoutRoute("/payment-links/plink_1")).toEqual({ page: "payment-link", id: "plink_1" });
    expect(checkoutRoute("/payment-links/plink_1/")).toEqual({ page: "payment-link", id: "plink_1" });
  });

  it("reads the payment intent's id and its client secret (checkout_url's query)", () => {
    expect(checkoutRoute("/pay/pi_1", "?client_secret=pi_1_secret_abc")).toEqual({
      page: "hosted-checkout",
      intentId: "pi_1",
      clientSecret: "pi_1_secret_abc",
    });
    expect(checkoutRoute("/pay/pi%201")).toEqual({
      page: "hosted-checkout",
      intentId: "pi 1",
      clientSecret: "",
    });
  });

  it("is null for any other path", () => {
    for (const path of ["/", "/pay", "/pay/", "/payment-links/", "/pay/a/b", "/payments/pi_1", "/pay/%E0"])
      expect(checkoutRoute(path)).toBeNull();
  });
});
