import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Component tests: React in happy-dom. Route files are imported directly (no code splitting needed here).
export default defineConfig({
  plugins: [react()],
  test: {
    include: ["tests/web/**/*.test.ts", "tests/web/**/*.test.tsx"],
    environment: "happy-dom",
    setupFiles: ["tests/web/setup.ts"],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
