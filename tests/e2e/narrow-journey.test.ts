// Nothing scrolls sideways on a 360 px phone (issue 32 §6): the storefront's header was 391 px wide
// and the courier's filter chips overflowed. This opens every public page and every screen of the six
// areas at 360 px and measures the page: a wide table may scroll inside its own box, the page never.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { signInAs, suiteBrowser } from "./browser";
import { ADMIN_SECTIONS, BOSS_SECTIONS, COURIER_TABS, SELLER_VIEWS, SUPERUSER_TABS, WAREHOUSE_TABS } from "./screens";

const baseUrl = inject("e2eBaseUrl");
const SHOTS = "tests/e2e/screenshots";
const NARROW = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** How far the page reaches past the viewport's right edge (0 when nothing scrolls sideways). */
async function overflow(page: Page): Promise<{ extra: number; culprit: string }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const extra = document.documentElement.scrollWidth - width;
    if (extra <= 0) return { extra: 0, culprit: "" };
    // the deepest element that sticks out, to name it in the failure
    const wide = Array.from(document.querySelectorAll<HTMLElement>("body *")).filter(
      (e) => e.getBoundingClientRect().right > width + 1,
    );
    const last = wide.at(-1);
    const culprit = last
      ? `${last.tagName.toLowerCase()}.${Array.from(last.classList).slice(0, 4).join(".")} "${(last.textContent ?? "").trim().slice(0, 40)}"`
      : "";
    return { extra, culprit };
  });
}

async function settle(page: Page) {
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await page.waitForTimeout(300);
}

async function measure(page: Page, paths: readonly string[]): Promise<string[]> {
  const wide: string[] = [];
  for (const path of paths) {
    await page.goto(`${baseUrl}${path}`);
    await settle(page);
    const { extra, culprit } = await overflow(page);
    if (extra > 0) {
      wide.push(`${path}: +${extra} px (${culprit})`);
      await page.screenshot({ path: `${SHOTS}/narrow${path.replace(/[/?=&]+/g, "-")}.png` });
    }
  }
  return wide;
}

const AREAS = [
  {
    email: "vendedor@demo.horma.co",
    landing: "/seller",
    paths: SELLER_VIEWS.map((view) => (view === "dashboard" ? "/seller" : `/seller/${view}`)),
  },
  {
    email: "bodega@demo.horma.co",
    landing: "/warehouse",
    paths: WAREHOUSE_TABS.map((t) => (t === "pending" ? "/warehouse" : `/warehouse/${t}`)),
  },
  {
    email: "corredor@demo.horma.co",
    landing: "/runner",
    paths: COURIER_TABS.map((t) => (t === "available" ? "/runner" : `/runner/${t}`)),
  },
  {
    email: "admin@demo.horma.co",
    landing: "/administrador",
    paths: ADMIN_SECTIONS.map((s) => (s === "dashboard" ? "/administrador" : `/administrador/${s}`)),
  },
  {
    email: "boss@demo.horma.co",
    landing: "/boss",
    paths: BOSS_SECTIONS.map((s) => (s === "dashboard" ? "/boss" : `/boss/${s}`)),
  },
  {
    email: "super@horma.co",
    landing: "/superuser",
    paths: SUPERUSER_TABS.map((t) => (t === "overview" ? "/superuser" : `/superuser/${t}`)),
  },
] as const;

describe.skipIf(!baseUrl)("nothing scrolls sideways at 360 px", () => {
  const browser = suiteBrowser(SHOTS);

  it("the storefront's pages and the login", async () => {
    const page = await browser().newPage(NARROW);
    const wide = await measure(page, ["/", "/products", "/about", "/contact", "/cart", "/profile", "/login"]);
    // the phone's menu open: the staff's sign-in is there
    await page.goto(`${baseUrl}/`);
    await page.getByRole("button", { name: "Menú" }).click();
    await expect.poll(() => page.getByRole("link", { name: "Acceso empleados" }).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/storefront-360-menu.png` });
    await page.close();
    expect(wide).toEqual([]);
  });

  for (const area of AREAS) {
    it(`every screen of ${area.landing}`, async () => {
      const context = await browser().newContext(NARROW);
      const page = await context.newPage();
      await signInAs(page, baseUrl, area.email, area.landing);
      const wide = await measure(page, area.paths);
      await context.close();
      expect(wide).toEqual([]);
    });
  }
});
