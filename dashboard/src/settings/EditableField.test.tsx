import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BUSINESS_PROFILE_LIMITS, useBusinessProfileSave } from "../onboarding/BusinessInfoStep.tsx";
import { useMerchant } from "../state/merchant.tsx";
import { apiError, on, oneWorkspace, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { EditableField } from "./EditableField.tsx";

/** Settings → Account: the business description, saved through the same hook as onboarding. */
function DescriptionField() {
  const save = useBusinessProfileSave();
  const { state, loading } = useMerchant();
  if (loading) return null;
  return (
    <dl>
      <EditableField
        label="Business description"
        multiline
        maxLength={BUSINESS_PROFILE_LIMITS.businessDescription}
        value={state.businessDescription}
        onSave={(v) => save("businessDescription", v)}
      />
    </dl>
  );
}

describe("Settings: an editable field the server refuses", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the text, shows the limit and the plain reason beside it, and clears the reason when edited", async () => {
    const tooBig = apiError(
      400,
      "parameter_invalid",
      "Invalid description: Too big: expected string to have <=1000 characters",
    );
    (tooBig as { body: { error: Record<string, string> } }).body.error.param = "description";
    stubApi(...oneWorkspace(), on("PATCH", "/v1/workspaces/ws_1/business-profile", tooBig));
    renderApp(<DescriptionField />, { signedIn: true });
    await userEvent.click(await screen.findByRole("button", { name: "Edit Business description" }));
    const field = screen.getByLabelText("Business description") as HTMLTextAreaElement;
    await userEvent.click(field);
    await userEvent.paste("y".repeat(812));
    expect(screen.getByTestId("character-counter").textContent).toBe("812 / 1,000");
    await userEvent.paste("y".repeat(200));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    const alert = await vi.waitFor(() => {
      const a = screen.getByRole("alert");
      expect(a.textContent).not.toBe("");
      return a;
    });
    expect(alert.textContent).toBe("Use at most 1,000 characters");
    expect(field.value).toHaveLength(1012);
    expect(field.getAttribute("aria-describedby")).toContain(alert.id);
    expect(document.body.textContent).not.toMatch(/Too big|expected string/);
    await userEvent.type(field, "{Backspace}");
    expect(screen.getByRole("alert").textContent).toBe("");
  });
});
