import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TEST_USER } from "../testing/render.tsx";
import { UserMenu } from "./UserMenu.tsx";

function renderMenu(onSignOut = vi.fn()) {
  render(
    <MemoryRouter>
      <UserMenu user={TEST_USER} onSignOut={onSignOut} />
      <button type="button">Outside</button>
    </MemoryRouter>,
  );
  return {
    menu: screen.getByTestId("user-menu"),
    button: screen.getByRole("button", { name: "Account menu" }),
    onSignOut,
  };
}

describe("user menu (SPEC.md §2, §9: one menu button)", () => {
  afterEach(() => vi.useRealTimers());

  it("opens on hover with name, email, id, Settings and Sign Out, and closes 150 ms after the pointer leaves", () => {
    vi.useFakeTimers();
    const { menu } = renderMenu();
    fireEvent.mouseEnter(menu);
    for (const text of [TEST_USER.name, TEST_USER.email ?? "", TEST_USER.id])
      expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByRole("menuitem", { name: "Settings" })).toBeTruthy();
    fireEvent.mouseLeave(menu);
    act(() => vi.advanceTimersByTime(149));
    expect(screen.queryByText(TEST_USER.id)).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(TEST_USER.id)).toBeNull();
  });

  it("stays open when the pointer comes back within the delay, and Sign Out signs out", () => {
    vi.useFakeTimers();
    const { menu, onSignOut } = renderMenu();
    fireEvent.mouseEnter(menu);
    fireEvent.mouseLeave(menu);
    act(() => vi.advanceTimersByTime(100));
    fireEvent.mouseEnter(menu);
    act(() => vi.advanceTimersByTime(500));
    fireEvent.click(screen.getByRole("menuitem", { name: "Sign Out" }));
    expect(onSignOut).toHaveBeenCalled();
  });

  it("a click on a menu hover just opened keeps it open, also after the pointer leaves; a second click closes it", () => {
    vi.useFakeTimers();
    const { menu, button } = renderMenu();
    // A mouse click, and a tap on a phone (which browsers precede with a hover), arrive like this.
    fireEvent.mouseEnter(menu);
    fireEvent.click(button, { detail: 1 });
    expect(button.getAttribute("aria-expanded")).toBe("true");
    fireEvent.mouseLeave(menu);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole("menu")).toBeTruthy();
    fireEvent.click(button, { detail: 1 });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("by keyboard: Enter opens on the first item, arrows move round it, Escape closes and gives focus back", async () => {
    const user = userEvent.setup();
    const { button } = renderMenu();
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    button.focus();
    await user.keyboard("{Enter}");
    const [settings, signOut] = screen.getAllByRole("menuitem");
    expect(document.activeElement).toBe(settings);
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(signOut);
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(settings);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(button);
    await user.keyboard("{ArrowUp}");
    expect(document.activeElement).toBe(screen.getByRole("menuitem", { name: "Sign Out" }));
  });

  it("closes on a press outside", async () => {
    const user = userEvent.setup();
    const { button } = renderMenu();
    button.focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("menu")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Outside" }));
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("shows the initials of the first two words of the name", () => {
    render(
      <MemoryRouter>
        <UserMenu user={{ ...TEST_USER, name: "Alex Merchant" }} onSignOut={() => undefined} />
      </MemoryRouter>,
    );
    const avatar = screen.getByTestId("user-menu").querySelector('[aria-hidden="true"]');
    expect(avatar?.textContent).toBe("AM");
  });
});
