// The technology provider a company's documents go through (fiscal_settings.provider): "http", a provider's
// HTTP API whose token is the Worker secret the settings name; "prueba", the local test provider
// (transmission/test-provider.ts) held in the company's Durable Object, for development and tests only,
// answering by the scenario written in provider_url ("accept" unless told).
import type { FiscalSettingsRow } from "../domain/fiscal/issue";
import { httpProvider } from "../domain/fiscal/transmission/http-provider";
import type { FiscalProvider } from "../domain/fiscal/transmission/provider";
import {
  type Scenario,
  type TestProviderStore,
  testProviderApp,
  testProviderStore,
} from "../domain/fiscal/transmission/test-provider";

const SCENARIOS: readonly Scenario[] = [
  "accept",
  "reject",
  "timeout_after_accept",
  "answer_twice",
  "received_then_accepted",
  "unavailable",
];

/** How long the test provider hangs after taking a document, and how long the client waits for it. */
const TEST_HANG_MS = 1_500;
const TEST_TIMEOUT_MS = 500;

const unreachable = (reason: string): FiscalProvider => ({
  send: async () => ({ kind: "retry", reason }),
  status: async () => ({ kind: "retry", reason }),
});

export function fiscalProviderFor(
  env: Env,
  settings: FiscalSettingsRow,
  testStore: () => TestProviderStore,
): FiscalProvider {
  if (settings.provider === "prueba") {
    if (String(env.ENVIRONMENT) === "production")
      return unreachable("El proveedor de prueba no emite documentos en producción");
    const store = testStore();
    const scenario = SCENARIOS.find((s) => s === settings.providerUrl) ?? "accept";
    store.defaultScenario = scenario;
    store.hangMs = TEST_HANG_MS;
    const app = testProviderApp(store);
    return httpProvider({
      baseUrl: "https://proveedor-prueba.local",
      token: "prueba",
      fetch: app.fetch,
      timeoutMs: TEST_TIMEOUT_MS,
    });
  }
  // the secret's name is data (one per company), so the binding is looked up by name
  const secrets = env as unknown as Record<string, unknown>;
  const token = settings.providerSecret ? secrets[settings.providerSecret] : undefined;
  if (!settings.providerUrl || typeof token !== "string") {
    return unreachable("Falta la URL del proveedor o el secreto con su token en la configuración de facturación");
  }
  return httpProvider({ baseUrl: settings.providerUrl, token });
}

export { testProviderStore };
