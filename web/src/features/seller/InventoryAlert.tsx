import { AlertIcon } from "./icons";

/** The spec's inventory-error alert: the server's words plus what the seller can do about it. */
export function InventoryAlert({ detail, onClose }: { detail: string; onClose: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="flex items-center gap-2 font-semibold">
        <AlertIcon /> Problema de inventario
      </p>
      <p className="mt-1 text-sm">{detail}</p>
      <p className="mt-3 text-sm font-medium">Sugerencias:</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
        <li>Verifica que el código de referencia y la talla sean correctos.</li>
        <li>Solicita una transferencia desde otra ubicación que tenga el producto.</li>
        <li>Revisa el inventario disponible en tu local.</li>
      </ul>
      <button type="button" onClick={onClose} className="mt-3 text-sm font-semibold text-red-800 underline">
        Entendido
      </button>
    </div>
  );
}
