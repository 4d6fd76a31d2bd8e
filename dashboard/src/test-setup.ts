import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Components render into one jsdom document per file: unmount after each test.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
