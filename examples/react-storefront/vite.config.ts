import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// A plain Vite + React app: the sPay settings come from VITE_SPAY_* variables (.env.local or the
// environment of `vite build`), read in src/config.ts.
export default defineConfig({
  plugins: [react()],
  server: { port: 5174 },
  // The app's own chunk is ~260 kB (React + the SDK's components). The big one (~710 kB) is
  // @stacks/connect's WalletConnect modal, a separate chunk loaded only if WalletConnect is used.
  build: { chunkSizeWarningLimit: 800 },
});
