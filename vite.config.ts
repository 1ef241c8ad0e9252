import { copyFile, mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Absolute paths: the router plugin resolves relative paths against Vite's root ("web"), not the project root.
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The API reference (/api/docs) loads Scalar's standalone bundle from our own origin, not its CDN. */
const scalarBundle = {
  name: "horma-scalar-bundle",
  apply: "build" as const,
  async closeBundle() {
    await mkdir(fromRoot("./dist/client/api-docs"), { recursive: true });
    await copyFile(
      fromRoot("./node_modules/@scalar/api-reference/dist/browser/standalone.js"),
      fromRoot("./dist/client/api-docs/scalar.js"),
    );
  },
};

const API_TARGET = "http://localhost:8787";

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: fromRoot("./web/src/routes"),
      generatedRouteTree: fromRoot("./web/src/routeTree.gen.ts"),
      quoteStyle: "double",
      semicolons: true,
    }),
    react(),
    tailwindcss(),
    scalarBundle,
  ],
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: API_TARGET, changeOrigin: false },
      "/health": { target: API_TARGET, changeOrigin: false },
    },
  },
});
