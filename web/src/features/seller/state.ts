import { atom } from "jotai";
import type { Customer } from "../../api/customers";
import type { PhotoScan } from "../../ml/client";
import type { ScannedSale } from "../scan/logic";
import type { SaleDraft } from "./saleForm";

/** The photo taken with 'Vender Producto' (object URL) that the scan view analyses. */
export const scanPhotoAtom = atom<{ url: string; name: string } | null>(null);
/** The same photo's file, sent to the recognition (kept apart so the preview stays a plain value). */
export const scanFileAtom = atom<File | null>(null);
/**
 * The photo's on-device scan, started by 'Vender Producto' the moment the file is chosen (before the
 * scan view is drawn), for that file only.
 */
export const scanBegunAtom = atom<{ file: File; scan: Promise<PhotoScan> } | null>(null);
/** 'Vender' from a scan match: the line the sales form starts with ('Nueva Venta - Producto Escaneado'). */
export const scannedSaleAtom = atom<ScannedSale | null>(null);

/** Clears the scanned photo (and frees its object URL) and the scan's sale: 'Volver al Dashboard' does this. */
export const clearScanAtom = atom(null, (get, set) => {
  const current = get(scanPhotoAtom);
  if (current) URL.revokeObjectURL(current.url);
  set(scanPhotoAtom, null);
  set(scanFileAtom, null);
  set(scanBegunAtom, null);
  set(scannedSaleAtom, null);
});

/** The photo being scanned; null when a box code found the product instead (no photo to show). */
export const setScanPhotoAtom = atom(null, (get, set, file: File | null) => {
  const current = get(scanPhotoAtom);
  if (current) URL.revokeObjectURL(current.url);
  set(scanPhotoAtom, file ? { url: URL.createObjectURL(file), name: file.name } : null);
  set(scanFileAtom, file);
});

/** A one-time message shown on the dashboard after a sale or an expense is recorded. */
export type Flash = { tone: "success" | "info"; text: string };
export const flashAtom = atom<Flash | null>(null);

/** 'Vender otra talla' on a refused queued sale: the new-sale form starts from it and replaces it once sent. */
export type CorrectedSale = { key: string; draft: SaleDraft; receipt: File | null; customer: Customer | null };
export const correctedSaleAtom = atom<CorrectedSale | null>(null);
