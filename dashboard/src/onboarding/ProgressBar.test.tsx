import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ProgressBar } from "./ProgressBar.tsx";
import { ONBOARDING_STEPS, stepStates } from "./progress.ts";

const state = {
  walletVerified: true,
  walletAddress: "ST1",
  businessName: "",
  websiteUrl: "",
  businessDescription: "",
  webhookTested: false,
  testPaymentCompleted: false,
  currentWorkspaceId: "ws_1",
};

describe("onboarding progress bar", () => {
  it("numbers the same steps as the step cards (1–5), from one list", () => {
    const steps = stepStates(state);
    expect(steps.map((s) => s.step)).toEqual([...ONBOARDING_STEPS]);
    render(<ProgressBar steps={steps} />);
    const bar = screen.getByRole("progressbar");
    expect(bar.getAttribute("aria-valuemax")).toBe(String(ONBOARDING_STEPS.length));
    expect(bar.getAttribute("aria-valuetext")).toBe("2 of 5");
    const items = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      " Workspace (Done)", // the done mark is an icon (an svg, no text)
      " Connect Wallet (Done)",
      "3 Business Info",
      "4 Webhook Test",
      "5 Sandbox Payment",
    ]);
  });
});
