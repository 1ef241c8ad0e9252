import { useState } from "react";
import type { AvailableLocation } from "../../../api/admin-schemas";
import type { NewPurchaseOrder, Supplier } from "../../../api/purchasing";
import { formatCOP, productName, referenceWithColor } from "../../../lib/format";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import {
  CheckboxField,
  FormModal,
  NumberField,
  namedOptions,
  SelectField,
  TextField,
  useForm,
} from "../../../lib/ui/form";
import { ProductSearchField } from "../../../lib/ui/ProductSearchField";
import { SmallButton } from "../../../lib/ui/SmallButton";
import { useCreatePurchaseOrder } from "../mutations";

/** A line as typed: the product chosen from the catalogue, its size, pairs and what each pair costs. */
type LineDraft = {
  key: number;
  search: string;
  product: { id: number; label: string } | null;
  size: string;
  quantity: string;
  unitCost: string;
};

type Values = { supplier_id: string; location_id: string; notes: string; send: boolean };

const emptyLine = (key: number): LineDraft => ({
  key,
  search: "",
  product: null,
  size: "",
  quantity: "1",
  unitCost: "",
});

/** Why a line cannot go yet (null: it can). */
function lineProblem(line: LineDraft): string | null {
  if (!line.product) return "Elige el producto del catálogo";
  if (!line.size.trim()) return "Escribe la talla";
  if (!/^\d+$/.test(line.quantity) || Number(line.quantity) < 1) return "Los pares son un número entero desde 1";
  if (!/^\d+$/.test(line.unitCost)) return "El costo por par son pesos enteros";
  return null;
}

/** What the form starts with when it comes from a suggestion (Qué reponer): the cost per pair is left to type. */
export type OrderDraft = {
  supplierId: number | null;
  locationId: number;
  lines: { productId: number; label: string; size: string; quantity: number }[];
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
  const [lines, setLines] = useState<LineDraft[]>(() =>
    draft && draft.lines.length > 0
      ? draft.lines.map((l, i) => ({
          key: i + 1,
          search: l.label,
          product: { id: l.productId, label: l.label },
          size: l.size,
          quantity: String(l.quantity),
          unitCost: "",
        }))
      : [emptyLine(1)],
  );
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const change = (key: number, patch: Partial<LineDraft>) => {
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)));
    setLineErrors((e) => ({ ...e, [key]: "" }));
  };
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
      const problems = Object.fromEntries(
        lines.flatMap((l) => {
          const problem = lineProblem(l);
          return problem ? [[l.key, problem]] : [];
        }),
      );
      setLineErrors(problems);
      return {
        ...(v.supplier_id ? {} : { supplier_id: "Elige el proveedor" }),
        ...(v.location_id ? {} : { location_id: "Elige dónde llega la mercancía" }),
        ...(Object.keys(problems).length > 0 ? { notes: "Revisa las líneas marcadas" } : {}),
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
        {lines.map((line, index) => (
          <div key={line.key} data-testid="order-line" className="space-y-2 rounded-lg border border-stone-200 p-3">
            <ProductSearchField
              label={`Producto de la línea ${index + 1}`}
              value={line.search}
              loadOnFocus
              placeholder="Referencia, código de barras, marca o modelo"
              onChange={(search) => change(line.key, { search, product: null })}
              onChoose={(s) =>
                change(line.key, {
                  search: `${productName(s.product)} · ${referenceWithColor(s.product)}`,
                  product: { id: s.product.product_id, label: productName(s.product) },
                  size: s.size ?? line.size,
                })
              }
              error={lineErrors[line.key] || undefined}
            />
            <div className="grid grid-cols-3 gap-2">
              <TextField
                label="Talla"
                value={line.size}
                onChange={(size) => change(line.key, { size })}
                inputMode="decimal"
              />
              <NumberField
                label="Pares"
                value={line.quantity}
                onChange={(quantity) => change(line.key, { quantity })}
                min={1}
              />
              <NumberField
                label="Costo por par"
                value={line.unitCost}
                onChange={(unitCost) => change(line.key, { unitCost })}
                min={0}
              />
            </div>
            {lines.length > 1 && (
              <SmallButton
                label={`Quitar la línea ${index + 1}`}
                onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}
                danger
              >
                Quitar
              </SmallButton>
            )}
          </div>
        ))}
        <SmallButton
          label="Agregar línea"
          onClick={() =>
            setLines((all) => [...all, { ...emptyLine(Math.max(...all.map((l) => l.key)) + 1), size: "" }])
          }
        >
          + Agregar línea
        </SmallButton>
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
