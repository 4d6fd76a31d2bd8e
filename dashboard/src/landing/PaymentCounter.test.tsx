import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, on, stubApi } from "../testing/api-stub.ts";
import { PaymentCounter } from "./PaymentCounter.tsx";

describe("7-day test-payment counter (SPEC.md §8, §9)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks for 7 days and shows thousands with one decimal", async () => {
    const calls = stubApi(on("GET", "/v1/stats/payments", { body: { test_payments: 1234 } }));
    render(<PaymentCounter />);
    expect(await screen.findByText("1.2K")).toBeTruthy();
    expect(calls[0]?.path).toBe("/v1/stats/payments?days=7");
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("shows the fallback 50 with a warning mark when the call fails", async () => {
    stubApi(on("GET", "/v1/stats/payments", apiError(500, "internal_error")));
    render(<PaymentCounter />);
    expect(
      await screen.findByRole("img", { name: "Live count unavailable; showing an estimate" }),
    ).toBeTruthy();
    expect(screen.getByText("50")).toBeTruthy();
  });
});
