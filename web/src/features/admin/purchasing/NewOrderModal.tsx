import type { AvailableLocation } from "../../../api/admin-schemas";
import type { NewPurchaseOrder, Supplier } from "../../../api/purchasing";
import { formatCOP } from "../../../lib/format";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { CheckboxField, FormModal, namedOptions, SelectField, TextField, useForm } from "../../../lib/ui/form";
import { ProductLinesField, useDraftLines } from "../../../lib/ui/ProductLinesField";
import { useCreatePurchaseOrder } from "../mutations";

type Values = { supplier_id: string; location_id: string; notes: string; send: boolean };

/** What the form starts with when it comes from a suggestion (Qué reponer): the cost per pair is left to type. */
export type OrderDraft = {
  supplierId: number | null;
  locationId: number;
  lines: { productId: number; reference: string; label: string; size: string; quantity: number }[];
};

type Props = {
  suppliers: readonly Supplier[];
  locations: readonly AvailableLocation[];
  draft?: OrderDraft | undefined;
  onClose: () => void;
  onCreated: (message: string) => void;
};

/**
 * 'Nueva orden de compra': a supplier, where the goods arrive, and lines of product × size × pairs × cost
 * per pair; kept as a draft or sent to the supplier at once.
 */
export function NewOrderModal({ suppliers, locations, draft, onClose, onCreated }: Props) {
  const idempotency = useIdempotencyKeys();
  const create = useCreatePurchaseOrder();
  const draftLines = useDraftLines(
    () =>
      (draft?.lines ?? []).map((l, i) => ({
        key: i + 1,
        search: l.label,
        product: { id: l.productId, reference: l.reference, label: l.label },
        size: l.size,
        quantity: String(l.quantity),
        unitCost: "",
      })),
    true,
  );
  const { lines } = draftLines;
  const form = useForm<Values>({
    initial: () => ({
      supplier_id: draft?.supplierId
        ? String(draft.supplierId)
        : suppliers.length === 1
          ? String(suppliers[0]?.id)
          : "",
      location_id: draft ? String(draft.locationId) : "",
      notes: "",
      send: true,
    }),
    validate: (v) => {
      const linesOk = draftLines.check();
      return {
        ...(v.supplier_id ? {} : { supplier_id: "Elige el proveedor" }),
        ...(v.location_id ? {} : { location_id: "Elige dónde llega la mercancía" }),
        ...(linesOk ? {} : { notes: "Revisa las líneas marcadas" }),
      };
    },
    failurePrefix: "No se pudo crear la orden",
    submit: async (v) => {
      const order: NewPurchaseOrder = {
        supplier_id: Number(v.supplier_id),
        location_id: Number(v.location_id),
        notes: v.notes,
        send: v.send,
        lines: lines.map((l) => ({
          product_id: l.product?.id ?? 0,
          size: l.size.trim(),
          quantity: Number(l.quantity),
          unit_cost: Number(l.unitCost),
        })),
      };
      const answer = await idempotency.send(order, (key) => create.mutateAsync({ order, key }));
      onCreated(
        `Orden de compra #${answer.order.id} ${v.send ? "enviada a" : "guardada como borrador para"} ${answer.order.supplier.name}`,
      );
    },
  });
  const { values, set, bind } = form;
  const total = lines.reduce((n, l) => n + (Number(l.quantity) || 0) * (Number(l.unitCost) || 0), 0);
  const pairs = lines.reduce((n, l) => n + (Number(l.quantity) || 0), 0);
  return (
    <FormModal
      title="Nueva orden de compra"
      onClose={onClose}
      form={form}
      wide
      submitLabel={values.send ? "Crear y enviar" : "Guardar borrador"}
      busyLabel="Guardando..."
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField
          label="Proveedor"
          {...bind("supplier_id")}
          placeholder="Selecciona el proveedor"
          options={namedOptions(suppliers)}
        />
        <SelectField
          label="Llega a"
          {...bind("location_id")}
          placeholder="Bodega o local"
          options={namedOptions(locations)}
        />
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-stone-800">Líneas</legend>
        <ProductLinesField draft={draftLines} withCost testId="order-line" />
        <p className="text-sm text-stone-700" data-testid="order-total">
          {pairs} pares · {formatCOP(total)}
        </p>
      </fieldset>
      <TextField label="Notas" {...bind("notes")} hint="Opcional: lo que el proveedor debe saber" />
      <CheckboxField
        label="Enviar al proveedor ahora (si no, queda en borrador)"
        checked={values.send}
        onChange={(checked) => set("send", checked)}
      />
    </FormModal>
  );
}
