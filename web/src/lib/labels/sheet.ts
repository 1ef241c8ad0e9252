// The sizes of a label sheet as the URL carries them, so a sheet opens in its own tab, survives a
// reload and is printed from there: `items=<product id>~<size>~<copies>` joined by commas.

export type SheetItem = { product_id: number; size: string; copies: number };

const MAX_COPIES = 200;

export function encodeSheet(items: readonly SheetItem[]): string {
  return (
    items
      .filter((i) => i.copies > 0)
      // "~" is left alone by encodeURIComponent: escaped by hand, as it separates the parts
      .map(
        (i) =>
          `${i.product_id}~${encodeURIComponent(i.size).replaceAll("~", "%7E")}~${Math.min(MAX_COPIES, Math.round(i.copies))}`,
      )
      .join(",")
  );
}

/** The sizes named by the URL; malformed parts are left out (a typed URL never breaks the page). */
export function decodeSheet(text: string | undefined): SheetItem[] {
  if (!text) return [];
  return text.split(",").flatMap((part) => {
    const [id, size, copies] = part.split("~");
    const productId = Number(id);
    const count = Number(copies ?? "1");
    let name = "";
    try {
      name = decodeURIComponent(size ?? "").trim();
    } catch {
      return [];
    }
    if (!Number.isInteger(productId) || productId < 1 || !name || name.length > 10) return [];
    if (!Number.isInteger(count) || count < 1 || count > MAX_COPIES) return [];
    return [{ product_id: productId, size: name, copies: count }];
  });
}

/** The URL of a sheet for these sizes. */
export function sheetUrl(items: readonly SheetItem[], title?: string): string {
  const params = new URLSearchParams({ items: encodeSheet(items) });
  if (title) params.set("title", title);
  return `/etiquetas?${params.toString()}`;
}

/** A barcode's symbology for the renderer: a valid-length EAN-13 as EAN-13, anything else Code 128. */
export function symbologyOf(code: string): "EAN13" | "CODE128" {
  return /^\d{13}$/.test(code) ? "EAN13" : "CODE128";
}
