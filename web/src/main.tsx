import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { AppProviders } from "./lib/AppProviders";
import { DeferredUpdatePrompt } from "./lib/pwa/DeferredUpdatePrompt";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("Falta el elemento #root en index.html");

const root = createRoot(container);
// A transition: React renders the first screen in short slices, so input is not held up by one long task.
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProviders>
        <App />
        <DeferredUpdatePrompt />
      </AppProviders>
    </StrictMode>,
  ),
);
