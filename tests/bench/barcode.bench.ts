// Barcode read time from a still frame: `npm run bench:barcode` (also printed by bench:scan). The phone's
// fallback reader is ZXing-C++ compiled to WASM (barcode-detector's engine, web/src/lib/barcode/
// reader.ts); this times that same WASM build in Node on camera-sized frames holding one box label
// (EAN-13, code 128), the first read (WASM compile) apart. Phones with a native BarcodeDetector
// (Android Chrome) read faster than this. Figures only, no assertion.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import sharp from "sharp";
import { prepareZXingModule, type ReaderOptions, readBarcodes } from "zxing-wasm/reader";
import { prepareZXingModule as prepareWriter, writeBarcode } from "zxing-wasm/writer";

const require = createRequire(import.meta.url);
const RUNS = 30;
const FRAMES = [
  { name: "640×480, etiqueta al 60 %", width: 640, height: 480, labelShare: 0.6 },
  { name: "1280×720, etiqueta al 40 %", width: 1280, height: 720, labelShare: 0.4 },
  { name: "1920×1080, etiqueta al 25 %", width: 1920, height: 1080, labelShare: 0.25 },
] as const;
const CODES = [
  { text: "2900000000018", format: "EAN13" },
  { text: "AD-45-NEGRO", format: "Code128" },
] as const;
const OPTIONS: ReaderOptions = {
  formats: ["EAN13", "EAN8", "UPCA", "UPCE", "Code128"],
  tryHarder: true,
  maxNumberOfSymbols: 1,
};

await prepareZXingModule({
  overrides: { wasmBinary: readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm")).buffer as ArrayBuffer },
  fireImmediately: true,
});
await prepareWriter({
  overrides: { wasmBinary: readFileSync(require.resolve("zxing-wasm/writer/zxing_writer.wasm")).buffer as ArrayBuffer },
  fireImmediately: true,
});

/** A grey frame with the label (bars + digits on white) in the middle, slightly blurred like a photo. */
async function frameOf(code: (typeof CODES)[number], frame: (typeof FRAMES)[number]) {
  const { svg } = await writeBarcode(code.text, { format: code.format, scale: 4, withHRT: true, withQuietZones: true });
  const labelWidth = Math.round(frame.width * frame.labelShare);
  const label = await sharp(Buffer.from(svg))
    .resize({ width: labelWidth })
    .flatten({ background: "#ffffff" })
    .png()
    .toBuffer();
  const { data, info } = await sharp({
    create: { width: frame.width, height: frame.height, channels: 3, background: { r: 168, g: 162, b: 158 } },
  })
    .composite([{ input: label, gravity: "center" }])
    .blur(0.8)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
    colorSpace: "srgb" as const,
  };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

const rows: string[] = [];
let first: number | null = null;
for (const frame of FRAMES) {
  for (const code of CODES) {
    const image = (await frameOf(code, frame)) as unknown as ImageData; // ImageData's shape; Node has no class
    const times: number[] = [];
    let read = "";
    for (let run = 0; run < RUNS + 1; run++) {
      const started = performance.now();
      const [result] = await readBarcodes(image, OPTIONS);
      const ms = performance.now() - started;
      read = result?.text ?? "";
      if (run === 0 && first === null) first = ms;
      else if (run > 0) times.push(ms);
    }
    times.sort((a, b) => a - b);
    rows.push(
      `| ${frame.name} | ${code.format} | ${read === code.text ? "sí" : `no (${read || "nada"})`} | ${quantile(times, 0.5).toFixed(1)} | ${quantile(times, 0.95).toFixed(1)} |`,
    );
  }
}

console.log(
  "\nLectura de código de barras de una imagen fija (ZXing-C++ WASM, el lector del teléfono sin BarcodeDetector nativo)",
);
console.log(`Primera lectura (incluye compilar el WASM): ${first?.toFixed(0)} ms · ${RUNS} lecturas por fila\n`);
console.log("| imagen | formato | leído | p50 ms | p95 ms |");
console.log("|---|---|---|---|---|");
for (const row of rows) console.log(row);
