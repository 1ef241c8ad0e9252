import { atom } from "jotai";

/** The photo taken with 'Vender Producto' (object URL), shown on the scan view until recognition arrives. */
export const scanPhotoAtom = atom<{ url: string; name: string } | null>(null);

/** Clears the scanned photo (and frees its object URL): 'Volver al Dashboard' and a new photo do this. */
export const clearScanAtom = atom(null, (get, set) => {
  const current = get(scanPhotoAtom);
  if (current) URL.revokeObjectURL(current.url);
  set(scanPhotoAtom, null);
});

export const setScanPhotoAtom = atom(null, (get, set, file: File) => {
  const current = get(scanPhotoAtom);
  if (current) URL.revokeObjectURL(current.url);
  set(scanPhotoAtom, { url: URL.createObjectURL(file), name: file.name });
});

/** A one-time message shown on the dashboard after a sale or an expense is recorded. */
export type Flash = { tone: "success" | "info"; text: string };
export const flashAtom = atom<Flash | null>(null);
