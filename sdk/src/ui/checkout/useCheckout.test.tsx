// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { StrictMode, useEffect } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeClient } from "../testing/fixtures.js";
import { useCheckout } from "./useCheckout.js";

afterEach(cleanup);

function Phase({ client }: { client: ReturnType<typeof fakeClient>["client"] }) {
  const { state, controller } = useCheckout({ client, params: { amount_minor: 100 } });
  useEffect(() => {
    controller.start().catch(() => {});
  }, [controller]);
  return <p>{state.phase}</p>;
}

describe("useCheckout", () => {
  it("renders the controller's state as it changes", async () => {
    render(<Phase client={fakeClient().client} />);
    expect(await screen.findByText("awaiting_payment")).toBeTruthy();
  });

  it("survives StrictMode's unmount/remount with a live controller", async () => {
    const fake = fakeClient();
    render(
      <StrictMode>
        <Phase client={fake.client} />
      </StrictMode>,
    );
    expect(await screen.findByText("awaiting_payment")).toBeTruthy();
    fake.push("transaction_broadcast");
    await waitFor(() => expect(screen.getByText("broadcast")).toBeTruthy());
  });
});
