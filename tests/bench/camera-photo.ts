// A phone camera's photo made from a small shoe photo: 4032×3024 pixels (12 MP), stored landscape with
// EXIF orientation 6 as phones held upright store it, light sensor-like noise so the JPEG weighs what a
// camera's does (~1.4 MB at quality 90). Used by the scan-flow bench and the scan journey.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import sharp from "sharp";

export const CAMERA_SIDES = { long: 4032, short: 3024 } as const;

/** Writes the camera-sized JPEG of `source` to `target` and returns its size in bytes. */
export async function cameraPhoto(source: string, target: string): Promise<number> {
  // upright portrait first, on white (the shoe photos are portrait thumbnails)
  const upright = await sharp(source)
    .resize(CAMERA_SIDES.short, CAMERA_SIDES.long, { fit: "contain", background: "#ffffff", kernel: "lanczos3" })
    .png({ compressionLevel: 0 })
    .toBuffer();
  // the sensor's landscape pixels: orientation 6 turns them back upright on screen
  const { data, info } = await sharp(upright).rotate(270).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let seed = 1;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    const value = (data[i] ?? 0) + (((seed >> 16) % 13) - 6);
    data[i] = value < 0 ? 0 : value > 255 ? 255 : value;
  }
  const jpeg = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, jpeg);
  return jpeg.byteLength;
}
