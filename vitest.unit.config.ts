import { defineConfig } from "vitest/config";

// Domain rules are plain functions: they run in Node, fast, without workerd.
export default defineConfig({
  test: { include: ["tests/domain/**/*.test.ts"], environment: "node" },
});
