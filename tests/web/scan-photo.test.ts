import { describe, expect, it } from "vitest";
import { fitWithin, readJpegInfo } from "../../web/src/ml/photo";

/** A JPEG's first segments: SOI, an EXIF APP1 with one orientation entry (or none), SOF0 with its size. */
function jpegHead({ width, height, orientation }: { width: number; height: number; orientation?: number }) {
  const bytes: number[] = [0xff, 0xd8];
  if (orientation !== undefined) {
    // TIFF big-endian: header, IFD at 8 with one entry (0x0112, SHORT, 1, value)
    const tiff = [
      0x4d,
      0x4d,
      0x00,
      0x2a,
      0,
      0,
      0,
      8,
      0,
      1,
      0x01,
      0x12,
      0,
      3,
      0,
      0,
      0,
      1,
      0,
      orientation,
      0,
      0,
      0,
      0,
      0,
      0,
    ];
    const body = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
    const length = body.length + 2;
    bytes.push(0xff, 0xe1, length >> 8, length & 0xff, ...body);
  }
  // SOF0: length 17, precision 8, height, width, 3 components
  bytes.push(0xff, 0xc0, 0, 17, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3);
  bytes.push(1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1);
  return new Uint8Array(bytes).buffer;
}

describe("a camera photo read at the size the scan needs", () => {
  it("reads the stored size and the EXIF orientation from the JPEG's header", () => {
    expect(readJpegInfo(jpegHead({ width: 4032, height: 3024, orientation: 6 }))).toEqual({
      width: 4032,
      height: 3024,
      orientation: 6,
    });
    expect(readJpegInfo(jpegHead({ width: 1280, height: 720 }))).toEqual({ width: 1280, height: 720, orientation: 1 });
  });

  it("is not fooled by what is no JPEG", () => {
    expect(readJpegInfo(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0]).buffer)).toBeNull();
    expect(readJpegInfo(new Uint8Array([0xff, 0xd8]).buffer)).toBeNull();
  });

  it("fits the longer side within the limit and never enlarges", () => {
    expect(fitWithin(3024, 4032, 1280)).toEqual({ width: 960, height: 1280 });
    expect(fitWithin(4032, 3024, 448)).toEqual({ width: 448, height: 336 });
    expect(fitWithin(140, 112, 448)).toEqual({ width: 140, height: 112 });
  });
});
