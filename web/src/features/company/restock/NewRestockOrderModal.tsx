import { useAtomValue } from "jotai";
import { useState } from "react";
import { createRestockOrder, type NewRestockOrder } from "../../../api/transfer-orders";
import { productName, referenceWithColor } from "../../../lib/format";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { sessionAtom } from "../../../lib/session";
import { FormModal, NumberField, namedOptions, SelectField, TextField, useForm } from "../../../lib/ui/form";
import { ProductSearchField } from "../../../lib/ui/ProductSearchField";
import { SmallButton } from "../../../lib/ui/SmallButton";

type Place = { id: number; name: string };

/** A line as typed: the product (by reference) chosen from the catalogue, its size and pairs. */
type LineDraft = { key: number; search: string; reference: string | null; size: string; quantity: string };

/** What the form starts with when it comes from a suggestion (Qué reponer): where to, and its lines. */
export type RestockDraft = {
  destinationId: number;
  lines: { reference: string; label: string; size: string; quantity: number }[];
};

const emptyLine = (key: number): LineDraft => ({ key, search: "", reference: null, size: "", quantity: "1" });

function lineProblem(line: LineDraft): string | null {
  if (!line.reference) return "Elige el producto del catálogo";
  if (!line.size.trim()) return "Escribe la talla";
  if (!/^\d+$/.test(line.quantity) || Number(line.quantity) < 1) return "Los pares son un número entero desde 1";
  return null;
}

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
  const [lines, setLines] = useState<LineDraft[]>(() =>
    draft && draft.lines.length > 0
      ? draft.lines.map((l, i) => ({
          key: i + 1,
          search: l.label,
          reference: l.reference,
          size: l.size,
          quantity: String(l.quantity),
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
      source: fixedSource ? String(fixedSource) : "",
      destination: fixedDestination ? String(fixedDestination) : draft ? String(draft.destinationId) : "",
      pickup: "corredor",
      notes: "",
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
        ...(v.source ? {} : { source: "Elige de dónde salen los pares" }),
        ...(v.destination ? {} : { destination: "Elige a dónde van" }),
        ...(v.source && v.source === v.destination ? { destination: "El destino debe ser otra ubicación" } : {}),
        ...(Object.keys(problems).length > 0 ? { notes: "Revisa las líneas marcadas" } : {}),
      };
    },
    failurePrefix: "No se pudo crear el pedido",
    submit: async (v) => {
      const body: NewRestockOrder = {
        source_location_id: Number(v.source),
        destination_location_id: Number(v.destination),
        pickup_type: v.pickup === "vendedor" ? "vendedor" : "corredor",
        notes: v.notes,
        lines: lines.map((l) => ({
          sneaker_reference_code: l.reference ?? "",
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
        {lines.map((line, index) => (
          <div
            key={line.key}
            data-testid="restock-draft-line"
            className="space-y-2 rounded-lg border border-stone-200 p-3"
          >
            <ProductSearchField
              label={`Producto de la línea ${index + 1}`}
              value={line.search}
              loadOnFocus
              placeholder="Referencia, código de barras, marca o modelo"
              onChange={(search) => change(line.key, { search, reference: null })}
              onChoose={(s) =>
                change(line.key, {
                  search: `${productName(s.product)} · ${referenceWithColor(s.product)}`,
                  reference: s.product.reference_code,
                  size: s.size ?? line.size,
                })
              }
              error={lineErrors[line.key] || undefined}
            />
            <div className="grid grid-cols-2 gap-2">
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
            </div>
            {lines.length > 1 && (
              <SmallButton
                label={`Quitar la línea ${index + 1}`}
                onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}
              >
                Quitar línea
              </SmallButton>
            )}
          </div>
        ))}
        <SmallButton
          label="Agregar otra línea"
          onClick={() => setLines((all) => [...all, emptyLine(Math.max(0, ...all.map((l) => l.key)) + 1)])}
        >
          + Agregar línea
        </SmallButton>
      </fieldset>
      <TextField label="Nota (opcional)" {...bind("notes")} />
    </FormModal>
  );
}
