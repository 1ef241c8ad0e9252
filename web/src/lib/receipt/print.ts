// Printing a receipt drawn on the page (.receipt): on an 80 mm roll, as one strip, or on A4.

export type Paper = "80mm" | "a4";

const PX_PER_MM = 96 / 25.4;
const ROLL_WIDTH_MM = 80;
const ROLL_MARGIN_MM = 2;

/**
 * The `@page` size of an 80 mm roll for a receipt `contentPx` CSS pixels tall: 80 mm wide and as long
 * as the receipt (plus its margins), so it prints as one strip. CSS takes no `auto` length in `size`
 * (`80mm auto` is dropped as invalid and the browser prints Letter): both lengths are given.
 */
export function rollPageSize(contentPx: number): string {
  const length = Math.max(ROLL_WIDTH_MM, Math.ceil(contentPx / PX_PER_MM) + 2 * ROLL_MARGIN_MM + 2);
  return `${ROLL_WIDTH_MM}mm ${length}mm`;
}

/** The receipt's height laid out as it prints on the roll (its width there, no padding). */
function heightOnRoll(): number {
  const receipt = document.querySelector<HTMLElement>(".receipt");
  if (!receipt) return 297 * PX_PER_MM;
  const saved = receipt.style.cssText;
  receipt.style.width = `${ROLL_WIDTH_MM - 2 * ROLL_MARGIN_MM}mm`;
  receipt.style.maxWidth = "none";
  receipt.style.padding = "0";
  const height = receipt.getBoundingClientRect().height;
  receipt.style.cssText = saved;
  return height;
}

/**
 * Prints the receipt on the paper asked for: the page size is set just before the print dialog, and
 * `data-paper` on the document prints the receipt alone (styles.css), inside the app's frame too.
 */
export function printOn(paper: Paper) {
  const style = document.createElement("style");
  style.dataset.receiptPaper = paper;
  style.textContent =
    paper === "80mm"
      ? `@page { size: ${rollPageSize(heightOnRoll())}; margin: ${ROLL_MARGIN_MM}mm; }`
      : "@page { size: A4; margin: 15mm; }";
  for (const old of document.head.querySelectorAll("style[data-receipt-paper]")) old.remove();
  document.head.append(style);
  document.documentElement.dataset.paper = paper;
  window.addEventListener(
    "afterprint",
    () => {
      style.remove();
      delete document.documentElement.dataset.paper;
    },
    { once: true },
  );
  window.print();
}
