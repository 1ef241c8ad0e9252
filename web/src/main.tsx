import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { AppProviders } from "./lib/AppProviders";
import { DeferredUpdatePrompt } from "./lib/pwa/DeferredUpdatePrompt";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("Falta el elemento #root en index.html");

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <App />
      <DeferredUpdatePrompt />
    </AppProviders>
  </StrictMode>,
);
