import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Playground } from "./Playground.tsx";

describe("'Try the API' playground (SPEC.md §2, §9)", () => {
  afterEach(() => vi.useRealTimers());

  it("takes an amount in cents, min 1, step 1", () => {
    render(<Playground />);
    const input = screen.getByLabelText("Amount (cents)") as HTMLInputElement;
    expect([input.type, input.min, input.step]).toEqual(["number", "1", "1"]);
  });

  it("fabricates the intent after 1 second without calling the server", () => {
    vi.useFakeTimers();
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    render(<Playground />);
    fireEvent.change(screen.getByLabelText("Amount (cents)"), { target: { value: "2500" } });
    fireEvent.click(screen.getByRole("button", { name: "Create Payment Intent" }));
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByRole("button", { name: "Creating..." })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId("playground-output").textContent).toContain('"amount": 2500');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
