import { type FormEvent, useState } from "react";
import { WHOLESALE_PRICE_POSITIVE } from "../../../../../shared/messages";
import type { WholesaleProduct } from "../../../api/admin-schemas";
import type { NewWholesaleSale } from "../../../api/mayoreo";
import { countLabel, formatCOP, formatDateTime } from "../../../lib/format";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { failureText } from "../../../lib/query/useRemoteData";
import { FormModal, NumberField, TextAreaField } from "../../../lib/ui/form";
import { useRegisterWholesaleSale } from "../mutations";
import { saleTotal } from "./wholesaleForm";

/** What is wrong with the boxes typed (undefined when they are 1..available). */
function boxesProblem(text: string, available: number): string | undefined {
  const count = Number(text);
  return Number.isInteger(count) && count >= 1 && count <= available
    ? undefined
    : `La cantidad de cajas debe estar entre 1 y ${available}`;
}

type Props = { product: WholesaleProduct; onClose: () => void; onSold: (message: string) => void };

/** 'Registrar venta': boxes 1..available, price defaulting to the product's, total = boxes × price. */
export function SaleModal({ product, onClose, onSold }: Props) {
  const available = product.cantidad_cajas_disponibles;
  const [boxes, setBoxes] = useState("1");
  const [price, setPrice] = useState(String(product.precio));
  const [notes, setNotes] = useState("");
  // a field's error is shown at the field and goes as soon as the field is corrected; the server's stays
  const [failure, setFailure] = useState<string | null>(null);
  const [boxesError, setBoxesError] = useState<string | undefined>();
  const [priceError, setPriceError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const idempotency = useIdempotencyKeys();
  const register = useRegisterWholesaleSale();
  const total = saleTotal(Number(boxes), Number(price));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const count = Number(boxes);
    const unit = Number(price);
    const wrongBoxes = boxesProblem(boxes, available);
    setBoxesError(wrongBoxes);
    setPriceError(unit > 0 ? undefined : WHOLESALE_PRICE_POSITIVE);
    if (wrongBoxes || !(unit > 0)) return;
    setBusy(true);
    setFailure(null);
    try {
      const order: NewWholesaleSale = {
        mayoreo_id: product.id,
        cantidad_cajas_vendidas: count,
        precio_unitario_venta: unit,
        notas: notes.trim() || null,
      };
      const sale = await register.mutateAsync({ sale: order, key: idempotency.keyFor(order) });
      idempotency.renew(order);
      onSold(
        `Venta registrada exitosamente: ${countLabel(sale.cantidad_cajas_vendidas, "caja", "cajas")} a ${formatCOP(sale.precio_unitario_venta)} = ${formatCOP(sale.total_venta)} (${formatDateTime(sale.fecha_venta)})`,
      );
    } catch (error) {
      setFailure(failureText("Error al registrar venta", error));
      setBusy(false);
    }
  }

  return (
    <FormModal
      title={`Vender ${product.modelo}`}
      onClose={onClose}
      form={{ onSubmit: submit, failure, busy }}
      submitLabel="Registrar venta"
      busyLabel="Registrando..."
    >
      <p className="text-sm text-stone-600">
        Disponibles: <strong className="text-stone-900">{countLabel(available, "caja", "cajas")}</strong> ·{" "}
        {countLabel(product.pares_por_caja, "par", "pares")} por caja
      </p>
      <div className="grid grid-cols-2 gap-3">
        <NumberField
          label="Cajas a vender *"
          min={1}
          max={available}
          value={boxes}
          error={boxesError}
          onChange={(value) => {
            setBoxes(value);
            if (boxesError && !boxesProblem(value, available)) setBoxesError(undefined);
          }}
        />
        <NumberField
          label="Precio por caja *"
          step={1000}
          value={price}
          error={priceError}
          onChange={(value) => {
            setPrice(value);
            if (priceError && Number(value) > 0) setPriceError(undefined);
          }}
        />
      </div>
      <TextAreaField label="Notas (opcional)" rows={2} maxLength={1000} value={notes} onChange={setNotes} />
      <div className="flex items-baseline justify-between rounded-lg bg-stone-100 px-3 py-2.5">
        <span className="text-sm font-medium text-stone-700">Total</span>
        <span className="text-xl font-bold text-stone-900 tabular-nums" data-testid="sale-total">
          {formatCOP(total)}
        </span>
      </div>
    </FormModal>
  );
}
