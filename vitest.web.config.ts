import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Component tests: React in happy-dom. Route files are imported directly (no code splitting needed here).
export default defineConfig({
  plugins: [react()],
  // vite-plugin-pwa's registration module exists only in the app's build
  resolve: {
    alias: {
      "virtual:pwa-register/react": fileURLToPath(new URL("./tests/web/stubs/pwa-register.ts", import.meta.url)),
    },
  },
  test: {
    include: ["tests/web/**/*.test.ts", "tests/web/**/*.test.tsx"],
    environment: "happy-dom",
    setupFiles: ["tests/web/setup.ts"],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
