import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CommandPalette } from "./CommandPalette.tsx";

describe("command palette (SPEC.md §2)", () => {
  it("shows the groups and a count of the commands", () => {
    render(<CommandPalette onRun={() => {}} onClose={() => {}} />);
    const groups = screen.getAllByRole("group").map((g) => g.getAttribute("aria-label"));
    expect(groups).toEqual(["Navigation", "Quick Actions", "Settings", "Help"]);
    expect(screen.getByText(`${screen.getAllByRole("option").length} commands`)).toBeTruthy();
  });

  it("says 'No commands found' when nothing matches", async () => {
    render(<CommandPalette onRun={() => {}} onClose={() => {}} />);
    await userEvent.type(screen.getByRole("combobox"), "no such thing");
    expect(screen.getByText("No commands found")).toBeTruthy();
    expect(screen.getByText("0 commands")).toBeTruthy();
  });

  it("moves with the arrow keys (wrapping) and runs the selected command with Enter", async () => {
    const onRun = vi.fn();
    render(<CommandPalette onRun={onRun} onClose={() => {}} />);
    const input = screen.getByRole("combobox");
    expect(document.activeElement).toBe(input);
    await userEvent.type(input, "go to");
    await userEvent.keyboard("{ArrowUp}");
    expect(screen.getByRole("option", { selected: true }).textContent).toBe("Go to Settings");
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    expect(onRun).toHaveBeenCalledWith(expect.objectContaining({ id: "nav-dashboard" }));
  });

  it("closes with Escape", async () => {
    const onClose = vi.fn();
    render(<CommandPalette onRun={() => {}} onClose={onClose} />);
    await userEvent.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalled();
  });
});
