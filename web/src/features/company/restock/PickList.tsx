import { type FormEvent, useState } from "react";
import type { RestockLine, RestockOrder } from "../../../api/transfer-orders";
import { Badge } from "../../../lib/ui/Badge";
import { BarcodeScanButton } from "../../../lib/ui/BarcodeScanButton";
import { compactInputClass, smallButton } from "../../../lib/ui/classes";
import { preparing } from "./roles";

/** The line a scanned code names among those still to pick: its box's barcode or SKU, or its reference. */
export function lineForCode(lines: readonly RestockLine[], code: string): RestockLine | undefined {
  const wanted = code.trim().toUpperCase();
  return lines.find(
    (l) =>
      !l.picked &&
      preparing(l.status) &&
      [l.barcode, l.sku, l.sneaker_reference_code].some((c) => c !== null && c.toUpperCase() === wanted),
  );
}

type Props = {
  order: RestockOrder;
  /** the source's staff prepare; others read the list */
  canPick: boolean;
  busy: boolean;
  onPick: (line: RestockLine, picked: boolean, code: string | null) => void;
  onProblem: (text: string) => void;
};

/** The order's lines: what to put in the package (with the box's codes), what was received. */
export function PickList({ order, canPick, busy, onPick, onProblem }: Props) {
  const [code, setCode] = useState("");
  const picking = canPick && order.lines.some((l) => preparing(l.status));
  const scanned = (read: string) => {
    const line = lineForCode(order.lines, read);
    if (!line) onProblem(`El código ${read} no es de ninguna línea por alistar`);
    else onPick(line, true, read.trim());
    setCode("");
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) scanned(code);
  };
  return (
    <div className="space-y-2">
      {picking && (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Escanear para alistar">
          <label className="w-full text-sm text-stone-700 sm:w-auto sm:min-w-0 sm:flex-1">
            Código de la caja
            <input
              value={code}
              onChange={(e) => setCode(e.target.value)}
              className={compactInputClass}
              placeholder="Escanea o escribe el código"
              inputMode="numeric"
              autoComplete="off"
            />
          </label>
          <button type="submit" className={smallButton} disabled={busy || !code.trim()}>
            Alistar
          </button>
          <BarcodeScanButton onRead={scanned} label="Cámara" />
        </form>
      )}
      <ul
        className="divide-y divide-stone-100 rounded-lg border border-stone-200"
        aria-label={`Líneas del pedido #${order.id}`}
      >
        {order.lines.map((line) => (
          <li key={line.id} data-testid="restock-line" className="flex flex-wrap items-center gap-2 p-2 text-sm">
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-stone-900">
                {line.brand} {line.model} · talla {line.size}
              </span>
              <span className="block text-stone-600">
                {line.units_label} · {line.barcode ?? line.sku ?? line.sneaker_reference_code}
                {line.received_quantity !== null && line.status === "completed"
                  ? ` · recibidos ${line.received_quantity}`
                  : ""}
              </span>
              {line.status === "cancelled" && line.cancellation_reason && (
                <span className="block text-red-700">Cancelada: {line.cancellation_reason}</span>
              )}
            </span>
            {line.status === "cancelled" ? (
              <Badge tone="red">Cancelada</Badge>
            ) : line.picked && preparing(line.status) ? (
              <Badge tone="green">Alistada</Badge>
            ) : null}
            {canPick && preparing(line.status) && (
              <button
                type="button"
                className={smallButton}
                disabled={busy}
                onClick={() => onPick(line, !line.picked, null)}
                aria-label={`${line.picked ? "Quitar del paquete" : "Alistar"} ${line.brand} ${line.model} talla ${line.size}`}
              >
                {line.picked ? "Quitar" : "Alistar"}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
