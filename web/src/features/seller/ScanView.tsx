import { useAtomValue, useSetAtom } from "jotai";
import { useEffect, useRef, useState } from "react";
import { sessionAtom } from "../../lib/session";
import { cameraSupported } from "../../lib/ui/camera";
import type { AnalyseResult } from "../../ml/protocol";
import { CameraOverlay } from "../scan/CameraOverlay";
import type { ScannedSale } from "../scan/logic";
import { ScannerScreen } from "../scan/ScannerScreen";
import { useScan } from "../scan/useScan";
import { scanFileAtom, scannedSaleAtom, scanPhotoAtom, setScanPhotoAtom } from "./state";
import type { ScannerPrefill } from "./transfers/search";
import type { Go } from "./views";

type Props = {
  go: Go;
  /** 'Solicitar transferencia': the transfers view's 'new' tab with the scanner's payload. */
  onTransferRequest: (prefill: ScannerPrefill) => void;
};

/**
 * 'Escanear Producto': the camera overlay (or a photo from 'Vender Producto''s file input), then the
 * scanner screen. Without a photo and with a camera, the overlay opens at once.
 */
export function ScanView({ go, onTransferRequest }: Props) {
  const user = useAtomValue(sessionAtom);
  const photo = useAtomValue(scanPhotoAtom);
  const file = useAtomValue(scanFileAtom);
  const setScanPhoto = useSetAtom(setScanPhotoAtom);
  const setScannedSale = useSetAtom(scannedSaleAtom);
  const { state, dispatch, run, preAnalyse, find, findByCode, retryServer, chooseGuess } = useScan();
  /** The camera frame's analysis, started at the shutter; used if that photo is confirmed. */
  const early = useRef<Promise<AnalyseResult> | null>(null);
  const [cameraOpen, setCameraOpen] = useState(() => !photo && cameraSupported());
  const startedFile = useRef<File | null>(null);
  const startedUrl = useRef<string | null>(null);

  // A photo that arrived from the dashboard's file input is analysed once.
  useEffect(() => {
    if (!photo) return;
    if (file) {
      if (startedFile.current === file) return;
      startedFile.current = file;
      void run(file, file.name);
      return;
    }
    if (startedUrl.current === photo.url) return;
    startedUrl.current = photo.url;
    fetch(photo.url)
      .then((response) => response.blob())
      .then(
        (blob) => run(blob, photo.name),
        () => dispatch({ type: "failed" }),
      );
  }, [photo, file, run, dispatch]);

  /** A photo from the camera overlay: resolves when the on-device analysis is done. */
  async function confirmPhoto(next: File) {
    startedFile.current = next;
    setScanPhoto(next);
    const pending = early.current;
    early.current = null;
    await run(next, next.name, pending);
  }

  return (
    <>
      <ScannerScreen
        state={state}
        dispatch={dispatch}
        photoUrl={photo?.url ?? null}
        userLocationId={user?.location_id ?? null}
        onRetry={() => setCameraOpen(true)}
        onManualSale={() => {
          setScannedSale(null);
          go("new-sale");
        }}
        onSell={(sale: ScannedSale) => {
          setScannedSale(sale);
          go("new-sale");
        }}
        onTransfer={onTransferRequest}
        onFind={find}
        userId={user?.id ?? null}
        onRetryServer={() => void retryServer()}
        onChooseGuess={chooseGuess}
      />
      {cameraOpen && (
        <CameraOverlay
          onConfirm={confirmPhoto}
          onFrame={(frame) => {
            early.current = frame ? preAnalyse(frame) : null;
          }}
          onClose={() => setCameraOpen(false)}
          onBarcode={(read) => {
            setScanPhoto(null);
            void findByCode(read.code);
          }}
        />
      )}
    </>
  );
}
