import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { TEST_USER } from "../testing/render.tsx";
import { HeaderMenu } from "./HeaderMenu.tsx";
import { NAV } from "./messages.ts";
import { UserMenu } from "./UserMenu.tsx";

function renderMenu() {
  render(
    <MemoryRouter initialEntries={["/dashboard"]}>
      <HeaderMenu>
        <button type="button">Organization</button>
        <Link to="/payments">Payments</Link>
        <UserMenu user={TEST_USER} onSignOut={() => undefined} />
      </HeaderMenu>
      <Routes>
        <Route path="*" element={<button type="button">Outside</button>} />
      </Routes>
    </MemoryRouter>,
  );
  const toggle = screen.getByRole("button", { name: NAV.menu });
  const panel = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
  if (!panel) throw new Error("the menu button controls no panel");
  return { toggle, panel };
}

describe("the phone header's menu", () => {
  it("opens with aria-expanded, moves focus in, and Escape closes it with focus back on the button", async () => {
    const user = userEvent.setup();
    const { toggle, panel } = renderMenu();
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(panel.className).not.toContain("header-panel-open");
    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(panel.className).toContain("header-panel-open");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Organization" }));
    await user.keyboard("{Escape}");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);
  });

  it("closes an open menu inside it first, then itself", async () => {
    const user = userEvent.setup();
    const { toggle } = renderMenu();
    await user.click(toggle);
    const account = screen.getByRole("button", { name: new RegExp(NAV.userMenu) });
    account.focus(); // by keyboard: a pointer would open it on hover first
    await user.keyboard("{Enter}");
    expect(account.getAttribute("aria-expanded")).toBe("true");
    await user.keyboard("{Escape}");
    expect(account.getAttribute("aria-expanded")).toBe("false");
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    await user.keyboard("{Escape}");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes on a click outside and on navigation", async () => {
    const user = userEvent.setup();
    const { toggle } = renderMenu();
    await user.click(toggle);
    await user.click(screen.getByRole("button", { name: "Outside" }));
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    await user.click(toggle);
    await user.click(screen.getByRole("link", { name: "Payments" }));
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });
});
