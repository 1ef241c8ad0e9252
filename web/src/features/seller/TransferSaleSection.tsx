import type { Transfer } from "../../api/transfers-schemas";
import { formatCOP, productName } from "../../lib/format";
import { NotesField, NumberField } from "../../lib/ui/form";
import { SectionCard } from "./SectionCard";
import { type LineDraft, lineSubtotal } from "./saleForm";
import { transferLeft, transferQuantityProblem } from "./transferSale";

type Props = {
  transfer: Transfer;
  line: LineDraft;
  notes: string;
  onPrice: (price: string) => void;
  onQuantity: (quantity: string) => void;
  onNotes: (notes: string) => void;
};

/**
 * The product a completed transfer brought: fixed by the transfer; the price, the notes and, when the
 * transfer brought several pairs, how many of those left are sold now are edited.
 */
export function TransferSaleSection({ transfer: t, line, notes, onPrice, onQuantity, onNotes }: Props) {
  const left = transferLeft(t);
  const several = t.transfer_type !== "single_foot" && (t.received_quantity ?? t.quantity) > 1;
  const sold = t.sold_quantity;
  // fixed by the transfer; the quantity is a field of its own when it brought several pairs
  const facts = [
    { label: "Código de referencia", value: line.reference_code, wide: true },
    { label: "Producto", value: productName(line) },
    { label: "Talla", value: line.size },
    { label: "Color", value: line.color || "—" },
    ...(several ? [] : [{ label: "Cantidad", value: line.quantity }]),
  ];
  return (
    <SectionCard title="Producto de la transferencia">
      <div
        className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950"
        data-testid="transfer-sale-banner"
      >
        <p className="font-semibold">Venta desde la transferencia #{t.id}</p>
        <p className="mt-0.5">
          Ubicación: {t.destination_location_name} · Almacenamiento:{" "}
          {t.destination_type === "bodega" ? "Bodega" : "Exhibición"}
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm" data-testid="sale-line">
        {facts.map((f) => (
          <div key={f.label} className={f.wide ? "col-span-2" : undefined}>
            <dt className="text-stone-600">{f.label}</dt>
            <dd className="font-semibold">{f.value}</dd>
          </div>
        ))}
      </dl>
      {several && (
        <NumberField
          className="mt-3"
          label="¿Cuántos pares vendes? *"
          min={1}
          max={left}
          value={line.quantity}
          onChange={onQuantity}
          error={transferQuantityProblem(t, line.quantity) ?? undefined}
          hint={
            sold > 0
              ? `Quedan ${left} de ${t.sellable_quantity} pares de esta transferencia (ya se vendieron ${sold})`
              : `Esta transferencia trajo ${t.sellable_quantity} pares: puedes vender de 1 a ${left}`
          }
        />
      )}
      <div className="mt-3 grid grid-cols-2 items-end gap-3">
        <NumberField decimal label="Precio unitario *" value={line.unit_price} onChange={(v) => onPrice(v)} />
        <p className="pb-2.5 text-right text-sm">
          Subtotal: <span className="font-semibold">{formatCOP(lineSubtotal(line) / 100)}</span>
        </p>
      </div>
      <NotesField className="mt-3" value={notes} onChange={onNotes} />
    </SectionCard>
  );
}
