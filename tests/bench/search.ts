// The phone's catalogue search per keystroke (issue 19: "instant suggestions", offline): the app's own
// search module (web/src/lib/catalogue/search.ts, bundled here with esbuild) in headless Chromium with the
// CPU slowed 4× (a phone-class device), over a catalogue of 5,000 products × 10 sizes with box codes and
// SKUs, typed one character at a time. Figures only; the budget is judged in summary.ts.
import { build } from "esbuild";
import { launchBrowser } from "../e2e/browser";

const CPU_SLOWDOWN = 4;
const PRODUCTS = 5_000;
const SIZES = 10;
/** What sellers type: a brand, a model with a colour, a reference code, a box code and a SKU. */
const TYPED = ["nike air", "modelo 421 azul oce", "REF04210-01", "7700000421", "ref04210-40", "zzz"];

export type SearchBench = {
  cpuSlowdown: number;
  products: number;
  sizes: number;
  /** building the index when the catalogue is downloaded (once) */
  buildMs: number;
  keystrokes: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
};

async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: ["web/src/lib/catalogue/search.ts"],
    bundle: true,
    format: "iife",
    globalName: "catalogueSearch",
    write: false,
    target: "es2022",
  });
  const [file] = result.outputFiles;
  if (!file) throw new Error("esbuild no produjo el módulo de búsqueda");
  return file.text;
}

export async function measureSearch(): Promise<SearchBench> {
  const code = await bundle();
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.setContent("<!doctype html><title>búsqueda</title>");
    await page.addScriptTag({ content: code });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    const timings = await page.evaluate(
      ({ products, sizes, typed }) => {
        type Search = {
          buildIndex: (p: unknown[]) => unknown;
          searchCatalogue: (index: unknown, text: string) => unknown[];
        };
        const search = (window as unknown as { catalogueSearch: Search }).catalogueSearch;
        const brands = ["Nike", "Adidas", "Puma", "Converse", "Vans", "Reebok", "New Balance", "Asics"];
        const colours = ["Negro", "Blanco", "Rojo", "Azul océano", "Café", "Gris", "Verde"];
        const catalogue = Array.from({ length: products }, (_, i) => ({
          product_id: i + 1,
          reference_code: `REF${String(i).padStart(5, "0")}-01`,
          brand: brands[i % brands.length],
          model: `Modelo ${i} Edición ${i % 13}`,
          color: colours[i % colours.length],
          variants: Array.from({ length: sizes }, (_, s) => ({
            size: String(35 + s),
            barcode: `77${String(i * sizes + s).padStart(10, "0")}`,
            sku: `REF${String(i).padStart(5, "0")}-${35 + s}`,
          })),
        }));
        let started = performance.now();
        const index = search.buildIndex(catalogue);
        const buildMs = performance.now() - started;
        const perKey: number[] = [];
        for (const text of typed) {
          for (let end = 1; end <= text.length; end++) {
            started = performance.now();
            search.searchCatalogue(index, text.slice(0, end));
            perKey.push(performance.now() - started);
          }
        }
        return { buildMs, perKey };
      },
      { products: PRODUCTS, sizes: SIZES, typed: TYPED },
    );
    const sorted = [...timings.perKey].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
    const round = (ms: number) => Number(ms.toFixed(1));
    return {
      cpuSlowdown: CPU_SLOWDOWN,
      products: PRODUCTS,
      sizes: SIZES,
      buildMs: round(timings.buildMs),
      keystrokes: sorted.length,
      p50Ms: round(at(0.5)),
      p95Ms: round(at(0.95)),
      maxMs: round(sorted.at(-1) ?? Number.NaN),
    };
  } finally {
    await browser.close();
  }
}

// `node --import tsx tests/bench/search.ts` prints it alone
if (import.meta.url === `file://${process.argv[1]}`) console.log(await measureSearch());
