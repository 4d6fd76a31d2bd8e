// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Dialog } from "./Dialog.js";

/** The dimmed area around the panel (no role: a pointer-only shortcut). */
const backdrop = () => document.querySelector(".spay-backdrop") as HTMLElement;

afterEach(cleanup);

function Harness({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <Dialog title="Scan to Pay" onClose={close} closeOnBackdrop>
          <button type="button">First</button>
          <a href="https://example.com">Middle</a>
          <button type="button" onClick={close}>
            Last
          </button>
        </Dialog>
      ) : null}
    </>
  );
}

describe("Dialog (SPEC.md §2 overlays; WAI-ARIA modal dialog)", () => {
  it("is a modal dialog named by its heading", async () => {
    render(<Harness />);
    await userEvent.click(screen.getByText("Open"));
    const dialog = screen.getByRole("dialog", { name: "Scan to Pay" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.getElementById(dialog.getAttribute("aria-labelledby") ?? "")?.textContent).toBe(
      "Scan to Pay",
    );
  });

  it("can be named by aria-label when there is no visible heading", () => {
    render(
      <Dialog label="Coffee Beans" onClose={() => {}}>
        <button type="button">Pay</button>
      </Dialog>,
    );
    expect(screen.getByRole("dialog", { name: "Coffee Beans" })).toBeTruthy();
    expect(screen.queryByRole("heading")).toBeNull();
  });

  it("moves focus to its first control when it opens", async () => {
    render(<Harness />);
    await userEvent.click(screen.getByText("Open"));
    expect(document.activeElement).toBe(screen.getByText("First"));
  });

  it("traps Tab: forward from the last control wraps to the first, Shift+Tab from the first to the last", async () => {
    render(<Harness />);
    await userEvent.click(screen.getByText("Open"));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByText("Middle"));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByText("Last"));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByText("First"));
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByText("Last"));
  });

  it("closes on Escape and returns focus to the control that opened it", async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByText("Open");
    await userEvent.click(opener);
    await userEvent.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("closes on a backdrop click when asked to, but not on a click inside the panel", async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await userEvent.click(screen.getByText("Open"));
    fireEvent.click(screen.getByRole("dialog"));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(backdrop());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("ignores backdrop clicks by default", () => {
    const onClose = vi.fn();
    render(
      <Dialog title="Wallet Payment" onClose={onClose}>
        <button type="button">Close</button>
      </Dialog>,
    );
    fireEvent.click(backdrop());
    expect(onClose).not.toHaveBeenCalled();
  });
});
