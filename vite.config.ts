import { copyFile, mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

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

/**
 * The installable app: the shell and route chunks precached (the app opens with no network), the big
 * on-device files (TF.js worker, WASM, weights, projection) cached the first time they are used. The API
 * is never answered from here: the screens keep their own last answers, labelled with their time.
 */
const pwa = VitePWA({
  registerType: "prompt",
  injectRegister: false,
  includeAssets: ["favicon.svg", "robots.txt", "icons/apple-touch-icon.png"],
  manifest: {
    id: "/",
    name: "Horma: inventario, ventas y logística",
    short_name: "Horma",
    description: "Ventas, inventario y traslados de tus tiendas de calzado, también sin conexión.",
    lang: "es-CO",
    dir: "ltr",
    // /login sends a signed-in user to the area of their role (guards.redirectSignedIn)
    start_url: "/login?origen=app",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    theme_color: "#1c1917",
    background_color: "#fafaf9",
    categories: ["business", "productivity"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  },
  workbox: {
    globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
    // fetched on first use below: the scan's TF.js worker and WASM, the barcode WASM, weights, API reference
    globIgnores: ["**/scan.worker-*.js", "models/**", "tfjs-wasm/**", "api-docs/**"],
    navigateFallback: "/index.html",
    navigateFallbackDenylist: [/^\/api\//, /^\/files\//, /^\/health/, /^\/api-docs/],
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // content-hashed names: a URL's bytes never change
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
        handler: "CacheFirst",
        options: { cacheName: "horma-assets", expiration: { maxEntries: 40 } },
      },
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/tfjs-wasm/"),
        handler: "CacheFirst",
        options: { cacheName: "horma-tfjs-wasm", expiration: { maxEntries: 10 } },
      },
      {
        // weights live in a folder per model id (a new model is a new URL); the projection file keeps its
        // name when retrained, so it is checked again in the background
        urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/models\/[^/]+\/./.test(url.pathname),
        handler: "CacheFirst",
        options: { cacheName: "horma-models", expiration: { maxEntries: 60 } },
      },
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/models\/[^/]+\.bin$/.test(url.pathname),
        handler: "StaleWhileRevalidate",
        options: { cacheName: "horma-projection", expiration: { maxEntries: 4 } },
      },
    ],
  },
});

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      // a route's loader is split too: it names its screen's query (the API module and its schemas),
      // which would otherwise ride in the start-up chunk of every page, /login included
      codeSplittingOptions: {
        defaultBehavior: [["loader"], ["component"], ["pendingComponent", "errorComponent", "notFoundComponent"]],
      },
      routesDirectory: fromRoot("./web/src/routes"),
      generatedRouteTree: fromRoot("./web/src/routeTree.gen.ts"),
      quoteStyle: "double",
      semicolons: true,
    }),
    react(),
    tailwindcss(),
    pwa,
    scalarBundle,
  ],
  build: {
    // index.html preloads the start-up chunks; a lazy route's import does not list the chunks it needs:
    // with 76 routes those lists were ~4 kB gzip of the start-up chunk, and the service worker precaches
    // every chunk, so only a first visit fetches a route's imports one step later.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === "html" ? deps : []) },
    outDir: "../dist/client",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // V8's explicit compile hint (Chrome 136+): every function of the start-up chunk is compiled on a
        // background thread while the file streams in, not on the main thread when first called
        postBanner: (chunk) => (chunk.name === "app" ? "//# allFunctionsCalledOnLoad" : ""),
        codeSplitting: {
          groups: [
            {
              // What every page runs at start (React, the router, the query cache, jotai, valibot, the API
              // client, the lists and search parsers the routes' redirects read, the seller panel loader's API
              // modules, the class strings and Notice of the login form) in one chunk beside the entry: left
              // to itself the bundler cut it into ten small chunks, a second round of requests over
              // HTTP/1.1's six connections before the first paint. Nothing here may import the "areas"
              // group, or /login downloads it too.
              name: "app",
              priority: 20,
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|store|react-store|query-core|react-query)|jotai|valibot|hono)[\\/]|web[\\/]src[\\/](lib[\\/](session|store|roles|actingCompany|lastData|format|query[\\/]|ui[\\/](classes|Notice)\b)|api[\\/](http|seller|stored)\.ts|features[\\/](company[\\/]sectionList|seller[\\/]transfers[\\/]search)\.ts)|shared[\\/]constants|vite[\\/]preload-helper/,
            },
            {
              // The protected areas' common frame and pieces the seller's first screen needs (header, the
              // outbox's IndexedDB, the transfers client): one request, not nine
              name: "areas",
              priority: 10,
              test: /web[\\/]src[\\/](features[\\/](dashboard[\\/]DashboardShell|auth[\\/]useLogout|seller[\\/]outbox[\\/]actions)|lib[\\/](ui[\\/](Flash|StatCard|camera|LastDataBanner)|outbox[\\/](db|events))|api[\\/]transfers)\.tsx?$|node_modules[\\/]idb[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: API_TARGET, changeOrigin: false },
      "/health": { target: API_TARGET, changeOrigin: false },
    },
  },
});
