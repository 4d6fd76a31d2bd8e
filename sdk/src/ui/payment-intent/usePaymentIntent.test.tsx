// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { SPayClient } from "../../core/client.js";
import { fakeClient } from "../testing/fixtures.js";
import { usePaymentIntent } from "./usePaymentIntent.js";

afterEach(cleanup);

function Status({ client, id }: { client: SPayClient; id: string | null }) {
  const { intent, loading, error } = usePaymentIntent(client, id);
  return <p>{loading ? "loading" : error ? `error: ${error.message}` : (intent?.status ?? "none")}</p>;
}

describe("usePaymentIntent", () => {
  it("follows the intent's status as the server reports it", async () => {
    const fake = fakeClient();
    render(<Status client={fake.client} id="pi_test123" />);
    expect(screen.getByText("loading")).toBeTruthy();
    expect(await screen.findByText("requires_payment_method")).toBeTruthy();
    act(() => fake.push("transaction_pending"));
    expect(screen.getByText("transaction_pending")).toBeTruthy();
    act(() => fake.push("payment_settled"));
    expect(screen.getByText("payment_settled")).toBeTruthy();
  });

  it("does nothing without an id", () => {
    render(<Status client={fakeClient().client} id={null} />);
    expect(screen.getByText("none")).toBeTruthy();
  });

  it("reports a failure to follow", async () => {
    const client = {
      waitForStatus: async () => {
        throw new Error("HTTP 500");
      },
    } as unknown as SPayClient;
    render(<Status client={client} id="pi_1" />);
    expect(await screen.findByText("error: HTTP 500")).toBeTruthy();
  });
});
