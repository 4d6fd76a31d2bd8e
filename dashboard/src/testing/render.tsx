import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import type { User } from "../api/types.ts";
import { MerchantProvider } from "../state/merchant.tsx";
import { createQueryClient, ServerStateProvider } from "../state/query.tsx";
import { SESSION_KEY, SessionProvider, USER_KEY } from "../state/session.tsx";
import { ThemeProvider } from "../state/theme.tsx";

export const TEST_USER: User = {
  id: "user_test",
  object: "user",
  email: "merchant@example.com",
  name: "merchant",
  merchant_id: "mer_test",
  wallet_address: null,
  created_at: 1_767_225_600,
};

/**
 * Renders `ui` inside the app's providers and a memory router at `path`; `signedIn` stores a
 * session first (its validation call must be answered by the test's API stub).
 */
export function renderApp(ui: ReactElement, options: { path?: string; signedIn?: boolean } = {}) {
  if (options.signedIn) {
    localStorage.setItem(SESSION_KEY, JSON.stringify("sess_test"));
    localStorage.setItem(USER_KEY, JSON.stringify(TEST_USER));
  }
  return render(
    // Retries without waiting: a refusal worth retrying shows after its retries, within a test's wait.
    <ServerStateProvider client={createQueryClient({ retryDelayMs: 0 })}>
      <ThemeProvider>
        <SessionProvider>
          <MerchantProvider>
            <MemoryRouter initialEntries={[options.path ?? "/"]}>
              <Routes>
                <Route path="*" element={ui} />
              </Routes>
            </MemoryRouter>
          </MerchantProvider>
        </SessionProvider>
      </ThemeProvider>
    </ServerStateProvider>,
  );
}
