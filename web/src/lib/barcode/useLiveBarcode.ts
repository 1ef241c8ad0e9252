import { type RefObject, useEffect, useRef } from "react";
import { type BarcodeRead, readBarcode } from "./reader";

/** Pause between two reads of the live video: a read costs a few ms natively, tens with ZXing. */
const READ_EVERY_MS = 150;

/**
 * Reads box codes from a playing video while `active`, and calls `onRead` once with the first code
 * (a read of a code seen twice in a row, so a half-visible label never names the wrong box).
 */
export function useLiveBarcode(
  video: RefObject<HTMLVideoElement | null>,
  active: boolean,
  onRead: (read: BarcodeRead) => void,
) {
  const latest = useRef(onRead);
  latest.current = onRead;
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let previous: string | null = null;
    const tick = async () => {
      const element = video.current;
      let read: BarcodeRead | null = null;
      if (element && element.readyState >= 2 && element.videoWidth > 0) {
        read = await readBarcode(element).catch(() => null);
      }
      if (stopped) return;
      if (read && read.code === previous) {
        stopped = true;
        latest.current(read);
        return;
      }
      previous = read?.code ?? null;
      timer = setTimeout(() => void tick(), READ_EVERY_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, video]);
}
