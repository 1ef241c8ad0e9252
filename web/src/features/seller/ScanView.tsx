import { useAtomValue, useSetAtom } from "jotai";
import { useCallback, useEffect, useRef, useState } from "react";
import { sessionAtom } from "../../lib/session";
import { cameraSupported } from "../../lib/ui/camera";
import type { AnalyseResult } from "../../ml/protocol";
import { CameraOverlay } from "../scan/CameraOverlay";
import type { ScannedSale } from "../scan/logic";
import { ScannerScreen } from "../scan/ScannerScreen";
import { useScan } from "../scan/useScan";
import { scanBegunAtom, scanFileAtom, scannedSaleAtom, scanPhotoAtom, setScanPhotoAtom } from "./state";
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
  const begun = useAtomValue(scanBegunAtom);
  const setScanPhoto = useSetAtom(setScanPhotoAtom);
  const setScannedSale = useSetAtom(scannedSaleAtom);
  const { state, dispatch, run, preAnalyse, find, findByCode, retryServer, chooseGuess } = useScan();
  /** The camera frame's analysis, started at the shutter; used if that photo is confirmed. */
  const early = useRef<Promise<AnalyseResult> | null>(null);
  const [cameraOpen, setCameraOpen] = useState(() => !photo && cameraSupported());
  const startedFile = useRef<File | null>(null);
  const startedUrl = useRef<string | null>(null);
  /**
   * What the screen shows of the photo: the small JPEG the server gets (a camera app's 12 MP photo is
   * never drawn on the page), or the photo itself when it is small already (a camera frame).
   */
  const [preview, setPreview] = useState<string | null>(null);
  const ownedUrl = useRef<string | null>(null);
  const showPhoto = useCallback((shown: Blob, original: Blob, originalUrl: string | null) => {
    if (ownedUrl.current) URL.revokeObjectURL(ownedUrl.current);
    ownedUrl.current = null;
    if (shown === original && originalUrl) {
      setPreview(originalUrl);
      return;
    }
    ownedUrl.current = URL.createObjectURL(shown);
    setPreview(ownedUrl.current);
  }, []);
  useEffect(
    () => () => {
      if (ownedUrl.current) URL.revokeObjectURL(ownedUrl.current);
      ownedUrl.current = null;
    },
    [],
  );

  // A photo that arrived from the dashboard's file input is analysed once.
  useEffect(() => {
    if (!photo) return;
    if (file) {
      if (startedFile.current === file) return;
      startedFile.current = file;
      setPreview(null);
      void run(file, file.name, {
        begun: begun?.file === file ? begun.scan : null,
        onPhoto: (shown) => showPhoto(shown, file, photo.url),
      });
      return;
    }
    if (startedUrl.current === photo.url) return;
    startedUrl.current = photo.url;
    setPreview(null);
    fetch(photo.url)
      .then((response) => response.blob())
      .then(
        (blob) => run(blob, photo.name, { onPhoto: (shown) => showPhoto(shown, blob, photo.url) }),
        () => dispatch({ type: "failed" }),
      );
  }, [photo, file, begun, run, dispatch, showPhoto]);

  /** A photo from the camera overlay: resolves when the on-device analysis is done. */
  async function confirmPhoto(next: File) {
    startedFile.current = next;
    setScanPhoto(next);
    const pending = early.current;
    early.current = null;
    setPreview(null);
    await run(next, next.name, { early: pending, onPhoto: (shown) => showPhoto(shown, next, null) });
  }

  return (
    <>
      <ScannerScreen
        state={state}
        dispatch={dispatch}
        photoUrl={photo ? preview : null}
        photoPending={photo !== null}
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
