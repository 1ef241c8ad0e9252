import { type ScannerPrefill, TRANSFER_TYPE_LABEL } from "./search";

/** Says the form comes from a scan: the transfer type and the counts the scanner found. */
export function ScannerBanner({ prefill }: { prefill: ScannerPrefill }) {
  return (
    <div
      className="rounded-xl border border-sky-200 bg-sky-50 p-3 text-sky-950"
      role="status"
      data-testid="scanner-banner"
    >
      <p className="font-semibold">Solicitud desde el escáner: {TRANSFER_TYPE_LABEL[prefill.transfer_type]}</p>
      <p className="mt-1 text-sm">
        Pares: {prefill.pairs} · Pies izquierdos: {prefill.left_feet} · Pies derechos: {prefill.right_feet}
      </p>
      {prefill.location_name && <p className="mt-0.5 text-sm">Desde: {prefill.location_name}</p>}
    </div>
  );
}
