import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TEST_USER } from "../testing/render.tsx";
import { UserMenu } from "./UserMenu.tsx";

describe("user menu (SPEC.md §2, §9)", () => {
  afterEach(() => vi.useRealTimers());

  it("opens on hover with name, email, id, Settings and Sign Out, and closes 150 ms after the pointer leaves", () => {
    vi.useFakeTimers();
    const onSignOut = vi.fn();
    render(
      <MemoryRouter>
        <UserMenu user={TEST_USER} onSignOut={onSignOut} />
      </MemoryRouter>,
    );
    const menu = screen.getByTestId("user-menu");
    fireEvent.mouseEnter(menu);
    for (const text of [TEST_USER.name, TEST_USER.email ?? "", TEST_USER.id])
      expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Settings" })).toBeTruthy();
    fireEvent.mouseLeave(menu);
    act(() => vi.advanceTimersByTime(149));
    expect(screen.queryByText(TEST_USER.id)).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(TEST_USER.id)).toBeNull();
  });

  it("stays open when the pointer comes back within the delay, and Sign Out signs out", () => {
    vi.useFakeTimers();
    const onSignOut = vi.fn();
    render(
      <MemoryRouter>
        <UserMenu user={TEST_USER} onSignOut={onSignOut} />
      </MemoryRouter>,
    );
    const menu = screen.getByTestId("user-menu");
    fireEvent.mouseEnter(menu);
    fireEvent.mouseLeave(menu);
    act(() => vi.advanceTimersByTime(100));
    fireEvent.mouseEnter(menu);
    act(() => vi.advanceTimersByTime(500));
    fireEvent.click(screen.getByRole("button", { name: "Sign Out" }));
    expect(onSignOut).toHaveBeenCalled();
  });
});
