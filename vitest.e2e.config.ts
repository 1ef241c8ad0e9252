import { defineConfig } from "vitest/config";

// Browser journeys: the built SPA and the Worker under `wrangler dev` (own port and state folder),
// driven by playwright-core in Debian's chromium.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["./tests/e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
