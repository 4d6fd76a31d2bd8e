import { describe, expect, it } from "vitest";
import { checkoutRoute } from "./route.ts";

describe("checkoutRoute", () => {
  it("reads the payment link's id", () => {
    expect(checkoutRoute("/payment-links/plink_1")).toEqual({ page: "payment-link", id: "plink_1" });
    expect(checkoutRoute("/payment-links/plink_1/")).toEqual({ page: "payment-link", id: "plink_1" });
  });

  it("reads the payment intent's id", () => {
    expect(checkoutRoute("/pay/pi_1")).toEqual({ page: "hosted-checkout", intentId: "pi_1" });
    expect(checkoutRoute("/pay/pi%201")).toEqual({ page: "hosted-checkout", intentId: "pi 1" });
  });

  it("is null for any other path", () => {
    for (const path of ["/", "/pay", "/pay/", "/payment-links/", "/pay/a/b", "/payments/pi_1", "/pay/%E0"])
      expect(checkoutRoute(path)).toBeNull();
  });
});
