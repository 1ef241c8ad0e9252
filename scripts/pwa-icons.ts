// Writes the installed app's PNG icons (web/public/icons) from the favicon's drawing; run again after
// changing web/public/favicon.svg:  node --import tsx scripts/pwa-icons.ts
import { readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";

const root = join(import.meta.dirname, "..", "web", "public");
const favicon = readFileSync(join(root, "favicon.svg"), "utf8");
const shoe = [...favicon.matchAll(/<path [^>]+\/>/g)].map((m) => m[0]).join("");

// "any": the rounded tile as drawn; "maskable": a full-bleed square with the shoe inside the 80 % safe zone
const tile = favicon;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#1c1917"/><g transform="translate(10.6 14) scale(0.6)">${shoe}</g></svg>`;

const icons: [string, string, number][] = [
  ["icon-192.png", tile, 192],
  ["icon-512.png", tile, 512],
  ["maskable-512.png", maskable, 512],
  ["apple-touch-icon.png", maskable, 180],
];
for (const [name, svg, size] of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(root, "icons", name));
  console.log(`web/public/icons/${name} (${size}×${size})`);
}
