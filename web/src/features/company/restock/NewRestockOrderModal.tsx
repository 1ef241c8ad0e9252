import { useAtomValue } from "jotai";
import { createRestockOrder, type NewRestockOrder } from "../../../api/transfer-orders";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { sessionAtom } from "../../../lib/session";
import { FormModal, namedOptions, SelectField, TextField, useForm } from "../../../lib/ui/form";
import { ProductLinesField, useDraftLines } from "../../../lib/ui/ProductLinesField";

type Place = { id: number; name: string };

/** What the form starts with when it comes from a suggestion (Qué reponer): where to, and its lines. */
export type RestockDraft = {
  destinationId: number;
  lines: { reference: string; label: string; size: string; quantity: number }[];
};

type Values = { source: string; destination: string; pickup: string; notes: string };

type Props = {
  places: readonly Place[];
  draft?: RestockDraft | undefined;
  onClose: () => void;
  onCreated: (message: string) => void;
};

/**
 * 'Nuevo pedido de reposición': from which location to which, who carries it, and lines of product ×
 * size × pairs. A seller orders toward their own store, a keeper from their own warehouse.
 */
export function NewRestockOrderModal({ places, draft, onClose, onCreated }: Props) {
  const user = useAtomValue(sessionAtom);
  const own = user?.location_id ?? null;
  const fixedSource = user?.role === "bodeguero" ? own : null;
  const fixedDestination = user?.role === "seller" ? own : null;
  const idempotency = useIdempotencyKeys();
  const draftLines = useDraftLines(
    () =>
      (draft?.lines ?? []).map((l, i) => ({
        key: i + 1,
        search: l.label,
        product: { id: 0, reference: l.reference, label: l.label },
        size: l.size,
        quantity: String(l.quantity),
        unitCost: "",
      })),
    false,
  );
  const form = useForm<Values>({
    initial: () => ({
      source: fixedSource ? String(fixedSource) : "",
      destination: fixedDestination ? String(fixedDestination) : draft ? String(draft.destinationId) : "",
      pickup: "corredor",
      notes: "",
    }),
    validate: (v) => {
      const linesOk = draftLines.check();
      return {
        ...(v.source ? {} : { source: "Elige de dónde salen los pares" }),
        ...(v.destination ? {} : { destination: "Elige a dónde van" }),
        ...(v.source && v.source === v.destination ? { destination: "El destino debe ser otra ubicación" } : {}),
        ...(linesOk ? {} : { notes: "Revisa las líneas marcadas" }),
      };
    },
    failurePrefix: "No se pudo crear el pedido",
    submit: async (v) => {
      const body: NewRestockOrder = {
        source_location_id: Number(v.source),
        destination_location_id: Number(v.destination),
        pickup_type: v.pickup === "vendedor" ? "vendedor" : "corredor",
        notes: v.notes,
        lines: draftLines.lines.map((l) => ({
          sneaker_reference_code: l.product?.reference ?? "",
          size: l.size.trim(),
          quantity: Number(l.quantity),
        })),
      };
      const answer = await idempotency.send(body, (key) => createRestockOrder(body, key));
      onCreated(
        `Pedido de reposición #${answer.order.id} creado: ${answer.order.source_location_name} lo verá en sus pendientes`,
      );
    },
  });
  const { bind } = form;
  return (
    <FormModal
      title="Nuevo pedido de reposición"
      onClose={onClose}
      form={form}
      wide
      submitLabel="Crear pedido"
      busyLabel="Guardando..."
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <SelectField
          label="Sale de"
          {...bind("source")}
          disabled={fixedSource !== null}
          placeholder="Bodega o local"
          options={namedOptions(places)}
        />
        <SelectField
          label="Llega a"
          {...bind("destination")}
          disabled={fixedDestination !== null}
          placeholder="Bodega o local"
          options={namedOptions(places)}
        />
        <SelectField
          label="Transporte"
          {...bind("pickup")}
          options={[
            { value: "corredor", label: "Lo lleva un corredor" },
            { value: "vendedor", label: "Se recoge en el origen" },
          ]}
        />
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-stone-800">Líneas</legend>
        <ProductLinesField draft={draftLines} testId="restock-draft-line" />
      </fieldset>
      <TextField label="Nota (opcional)" {...bind("notes")} />
    </FormModal>
  );
}
