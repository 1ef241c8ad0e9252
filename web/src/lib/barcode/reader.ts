// Box barcodes read from a camera frame or a photo. The browser's own BarcodeDetector where it exists
// (Android Chrome, macOS); elsewhere the `barcode-detector` ponyfill (ZXing-C++ compiled to WASM) with
// the same API, loaded only when a reader is first needed so none of it reaches the /login bundle. Its
// .wasm is served by our own build (a CDN is its default: no CDN offline or behind a store's firewall).

/** What shoe boxes carry: EAN-13 (and EAN-8), UPC-A/UPC-E, Code 128. */
export const BOX_FORMATS = ["ean_13", "ean_8", "upc_a", "upc_e", "code_128"] as const;
type BoxFormat = (typeof BOX_FORMATS)[number];

export type BarcodeRead = { code: string; format: string };
export type BarcodeSource = ImageBitmapSource;
type Detector = { detect(source: BarcodeSource): Promise<Array<{ rawValue: string; format: string }>> };
type NativeDetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
};

let loading: Promise<{ detector: Detector; engine: "native" | "zxing" }> | null = null;

async function nativeDetector(): Promise<Detector | null> {
  const native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!native) return null;
  try {
    const supported = await native.getSupportedFormats();
    const wanted = BOX_FORMATS.filter((f) => supported.includes(f));
    // a native reader without EAN-13 is no use for shoe boxes
    return wanted.includes("ean_13") ? new native({ formats: [...wanted] }) : null;
  } catch {
    return null;
  }
}

async function zxingDetector(): Promise<Detector> {
  const [{ BarcodeDetector, prepareZXingModule }, wasm] = await Promise.all([
    import("barcode-detector/ponyfill"),
    import("zxing-wasm/reader/zxing_reader.wasm?url"),
  ]);
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasm.default : prefix + path),
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: [...BOX_FORMATS] as BoxFormat[] });
}

/** The reader, created once per page. */
export function barcodeReader() {
  loading ??= (async () => {
    const native = await nativeDetector();
    return native
      ? { detector: native, engine: "native" as const }
      : { detector: await zxingDetector(), engine: "zxing" as const };
  })().catch((error: unknown) => {
    loading = null; // a failed download may succeed on the next try
    throw error;
  });
  return loading;
}

/** The first box code in the frame or photo, or null. */
export async function readBarcode(source: BarcodeSource): Promise<BarcodeRead | null> {
  const { detector } = await barcodeReader();
  const found = await detector.detect(source);
  const first = found.find((b) => b.rawValue.trim().length > 0);
  return first ? { code: first.rawValue.trim(), format: first.format } : null;
}
