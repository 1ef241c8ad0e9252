import { useCallback, useEffect, useRef, useState } from "react";
import { cameraErrorMessage, openCamera } from "./camera";

export type CameraState = { kind: "starting" } | { kind: "live" } | { kind: "error"; message: string };

/**
 * The rear camera shown in `videoRef`: opened on mount and by `start()` (a retry), every track
 * stopped by `stop()` and when the component leaves; a stream that arrives after that is stopped too.
 */
export function useCamera({ audio = false }: { audio?: boolean } = {}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const run = useRef(0);
  const [state, setState] = useState<CameraState>({ kind: "starting" });

  const stop = useCallback(() => {
    run.current += 1;
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
  }, []);

  const start = useCallback(async () => {
    stop();
    const mine = run.current;
    setState({ kind: "starting" });
    try {
      const stream = await openCamera({ audio });
      if (run.current !== mine) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      streamRef.current = stream;
      if (videoRef.current) {
        videoRef.current.srcObject = stream;
        await videoRef.current.play().catch(() => undefined);
      }
      setState({ kind: "live" });
    } catch (error) {
      if (run.current === mine) setState({ kind: "error", message: cameraErrorMessage(error) });
    }
  }, [audio, stop]);

  useEffect(() => {
    void start();
    return stop;
  }, [start, stop]);

  return { videoRef, streamRef, state, start, stop };
}
