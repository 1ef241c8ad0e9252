import type { BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { axeViolations, describeFindings, mainText, openInApp, settledScreen, trackRequests } from "./axe";
import { DESKTOP, PHONE, signInAs, suiteBrowser } from "./browser";
import { ADMIN_SECTIONS, BOSS_SECTIONS, COURIER_TABS, SELLER_VIEWS, SUPERUSER_TABS, WAREHOUSE_TABS } from "./screens";

const baseUrl = inject("e2eBaseUrl");
const SHOTS = "tests/e2e/screenshots";
// Colombian locale and clock; reduced motion so that charts are drawn at once and axe reads their final state.
const LOCALE: BrowserContextOptions = { locale: "es-CO", timezoneId: "America/Bogota", reducedMotion: "reduce" };

type Area = {
  role: string;
  email: string;
  landing: string;
  /** Every screen of the area: its path below the landing (/financial, /transfers?tab=new). */
  screens: string[];
  /** Also looked at on a desktop (the office roles); the shop-floor roles work on phones. */
  desktop: boolean;
};

/** The sections that are routes of their own (/boss/financial). */
const paths = (names: readonly string[]) => ["", ...names.map((n) => `/${n}`)];

// The screens of each area (tests/e2e/screens.ts) after its landing.
const without = (list: readonly string[], ...left: string[]) => list.filter((name) => !left.includes(name));

const AREAS: Area[] = [
  {
    role: "seller",
    email: "vendedor@demo.horma.co",
    landing: "/seller",
    screens: [
      ...paths(without(SELLER_VIEWS, "dashboard", "transfers")),
      ...["pending", "incoming", "completed", "new"].map((tab) => `/transfers?tab=${tab}`),
    ],
    desktop: false,
  },
  {
    role: "bodeguero",
    email: "bodega@demo.horma.co",
    landing: "/warehouse",
    screens: paths(without(WAREHOUSE_TABS, "pending")),
    desktop: false,
  },
  {
    role: "corredor",
    email: "corredor@demo.horma.co",
    landing: "/runner",
    screens: paths(without(COURIER_TABS, "available")),
    desktop: false,
  },
  {
    role: "administrador",
    email: "admin@demo.horma.co",
    landing: "/administrador",
    screens: paths(without(ADMIN_SECTIONS, "dashboard")),
    desktop: true,
  },
  {
    role: "boss",
    email: "boss@demo.horma.co",
    landing: "/boss",
    screens: paths(without(BOSS_SECTIONS, "dashboard")),
    desktop: true,
  },
  {
    role: "superuser",
    email: "super@horma.co",
    landing: "/superuser",
    screens: paths(without(SUPERUSER_TABS, "overview")),
    desktop: true,
  },
];

/**
 * Opens each screen of the area at the page's current size (the first by loading its URL, the rest inside
 * the app) and runs axe on it once it has drawn its data; the findings of all of them, one line each.
 */
async function auditScreens(page: Page, area: Area, size: string, inFlight: () => number): Promise<string[]> {
  const report: string[] = [];
  let previous: string | undefined;
  for (const search of area.screens) {
    const url = `${area.landing}${search}`;
    if (previous === undefined) await page.goto(`${baseUrl}${url}`);
    else await openInApp(page, url);
    await settledScreen(page, inFlight, previous);
    expect(new URL(page.url()).search).toBe(new URL(url, baseUrl).search);
    report.push(...describeFindings(`${area.role} ${size} ${url}`, await axeViolations(page)));
    previous = await mainText(page);
  }
  return report;
}

describe.skipIf(!baseUrl)("accesibilidad: WCAG 2.1 A/AA (axe-core) en cada pantalla de cada rol", () => {
  const browser = suiteBrowser(SHOTS);

  for (const area of AREAS) {
    it(`${area.role}: ninguna violación en ${area.screens.length} pantallas${area.desktop ? " (teléfono y escritorio)" : " (teléfono)"}`, async () => {
      // one page per role: signed in once, the session reused for every screen and both sizes
      const context = await browser().newContext({ ...PHONE, ...LOCALE });
      const page = await context.newPage();
      const inFlight = trackRequests(page);
      try {
        await signInAs(page, baseUrl, area.email, area.landing);
        const report = await auditScreens(page, area, "390px", inFlight);
        if (area.desktop) {
          await page.setViewportSize(DESKTOP.viewport);
          report.push(...(await auditScreens(page, area, "1280px", inFlight)));
        }
        // the header's 'Mi cuenta' dialog (an administrador's has the PIN form too), over the last screen
        await page.getByRole("button", { name: /Mi cuenta$/ }).click();
        await page.getByRole("dialog", { name: "Mi cuenta" }).waitFor();
        await settledScreen(page, inFlight);
        report.push(...describeFindings(`${area.role} Mi cuenta`, await axeViolations(page)));
        expect(report, `axe encontró violaciones de WCAG 2.1 A/AA (${area.role})`).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);
  }

  // the dialogs people work in, open over their screen: the same rules inside a modal
  const DIALOGS = [
    {
      email: "vendedor@demo.horma.co",
      landing: "/seller",
      at: "/seller/till",
      name: "Autorización de administrador (salida de caja)",
      open: async (page: Page) => {
        await page.getByLabel(/^Monto/).fill("999999999");
        await page.getByLabel(/^Motivo/).fill("Consignación");
        await page.getByRole("button", { name: "Registrar movimiento" }).click();
      },
      dialog: "Autorización de administrador",
    },
    {
      email: "admin@demo.horma.co",
      landing: "/administrador",
      at: "/administrador/users",
      name: "Crear usuario",
      open: (page: Page) => page.getByRole("button", { name: /Crear usuario/ }).click(),
      dialog: /usuario/i,
    },
    {
      email: "boss@demo.horma.co",
      landing: "/boss",
      at: "/boss/locations",
      name: "Nueva ubicación",
      open: (page: Page) => page.getByRole("button", { name: /Nueva ubicación/ }).click(),
      dialog: "Nueva ubicación",
    },
    {
      email: "super@horma.co",
      landing: "/superuser",
      at: "/superuser/companies",
      name: "Nueva empresa",
      open: (page: Page) => page.getByRole("button", { name: "Nueva Empresa" }).click(),
      dialog: /empresa/i,
    },
  ] as const;

  for (const d of DIALOGS) {
    it(`diálogo «${d.name}»: ninguna violación`, async () => {
      const context = await browser().newContext({ ...PHONE, ...LOCALE });
      const page = await context.newPage();
      const inFlight = trackRequests(page);
      try {
        await signInAs(page, baseUrl, d.email, d.landing);
        await page.goto(`${baseUrl}${d.at}`);
        await settledScreen(page, inFlight);
        await d.open(page);
        await page.getByRole("dialog", { name: d.dialog }).first().waitFor();
        await settledScreen(page, inFlight);
        const report = describeFindings(`${d.name}`, await axeViolations(page));
        expect(report, `axe encontró violaciones de WCAG 2.1 A/AA (${d.name})`).toEqual([]);
      } finally {
        await context.close();
      }
    }, 60_000);
  }
});
