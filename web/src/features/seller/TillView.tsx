import { useState } from "react";
import { asksCashCover } from "../../../../shared/messages";
import { ApiError } from "../../api/http";
import type { TillMovement, TillSession } from "../../api/till";
import { formatCOP } from "../../lib/format";
import { useIdempotencyKeys } from "../../lib/idempotency";
import { errorMessage } from "../../lib/query/useRemoteData";
import { TillReport } from "../../lib/till/TillReport";
import { secondaryButton } from "../../lib/ui/classes";
import { DataState } from "../../lib/ui/DataState";
import {
  type FieldErrors,
  NumberField,
  PageForm,
  SelectField,
  TextAreaField,
  TextField,
  useForm,
} from "../../lib/ui/form";
import { Notice } from "../../lib/ui/Notice";
import { Panel } from "../../lib/ui/Panel";
import { AdminPinDialog } from "./AdminPinDialog";
import { useAddTillMovement, useCloseTill, useOpenTill } from "./mutations";
import { parseNumber } from "./saleForm";
import { useTillState } from "./tillState";

const amount = parseNumber;
const isAmount = (text: string, min = 0) => text.trim() !== "" && Number.isFinite(amount(text)) && amount(text) >= min;

function OpenForm() {
  const keys = useIdempotencyKeys();
  const open = useOpenTill();
  const form = useForm<{ float: string }>({
    initial: { float: "" },
    validate: (v) => (isAmount(v.float) ? {} : { float: "Indica la base en efectivo (0 si no hay)" }),
    failurePrefix: "No se pudo abrir la caja",
    submit: async (v) => {
      await keys.send({ float: v.float }, (key) => open.mutateAsync({ float: amount(v.float), key }));
    },
  });
  return (
    <Panel title="Abrir caja" description="Cuenta el efectivo con el que empieza el día: es la base de la caja.">
      <PageForm form={form} submitLabel="Abrir caja" label="Abrir caja">
        <NumberField label="Base en efectivo *" {...form.bind("float")} placeholder="0" />
      </PageForm>
    </Panel>
  );
}

type MovementValues = { kind: "in" | "out"; amount: string; reason: string };

/**
 * A cash-in or cash-out with its reason. A cash-out above what the drawer holds needs an administrador's
 * PIN (the reason typed says why): the dialog asks it, and the server writes the missing cash as covered
 * by that administrador before the exit, so the drawer never goes below zero.
 */
function MovementForm({ session }: { session: TillSession }) {
  const keys = useIdempotencyKeys();
  const record = useAddTillMovement();
  const send = (movement: TillMovement) =>
    keys.send(movement, (key) => record.mutateAsync({ sessionId: session.id, movement, key }));
  const [pinAsk, setPinAsk] = useState<{ reason: string; failure: string | null } | null>(null);
  const [covering, setCovering] = useState(false);
  const movementOf = (v: MovementValues) => ({ kind: v.kind, amount: amount(v.amount), reason: v.reason.trim() });
  const done = () => {
    form.setValues({ kind: "out", amount: "", reason: "" });
    form.setBusy(false);
    setPinAsk(null);
  };
  const form = useForm<MovementValues>({
    initial: { kind: "out", amount: "", reason: "" },
    validate: (v) => {
      const errors: FieldErrors<MovementValues> = {};
      if (!isAmount(v.amount, 1)) errors.amount = "Indica un monto mayor que cero";
      if (!v.reason.trim()) errors.reason = "Indica el motivo";
      return errors;
    },
    failurePrefix: "No se registró el movimiento",
    submit: async (v) => {
      const movement = movementOf(v);
      if (movement.kind === "out" && movement.amount > session.expected.efectivo) {
        form.setBusy(false);
        setPinAsk({
          reason: `En la caja hay ${formatCOP(session.expected.efectivo)} y la salida es de ${formatCOP(movement.amount)}. Un administrador puede autorizarla con su PIN.`,
          failure: null,
        });
        return;
      }
      try {
        await send(movement);
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 409 && asksCashCover(errorMessage(err)))) throw err;
        form.setBusy(false);
        setPinAsk({ reason: errorMessage(err), failure: null });
        return;
      }
      done();
    },
  });

  async function authorise(pin: string) {
    const movement = { ...movementOf(form.values), admin_pin: pin };
    setCovering(true);
    try {
      await send(movement);
      done();
    } catch (err) {
      setPinAsk((ask) => ask && { ...ask, failure: errorMessage(err) });
    } finally {
      setCovering(false);
    }
  }

  return (
    <Panel title="Entrada o salida de efectivo">
      <PageForm form={form} submitLabel="Registrar movimiento" label="Movimiento de efectivo">
        <div className="grid grid-cols-2 gap-3">
          <SelectField
            label="Tipo"
            {...form.bind("kind")}
            options={[
              { value: "out", label: "Salida" },
              { value: "in", label: "Entrada" },
            ]}
          />
          <NumberField label="Monto *" {...form.bind("amount")} placeholder="0" />
        </div>
        <p className="text-xs text-stone-500">En la caja hay {formatCOP(session.expected.efectivo)} en efectivo.</p>
        <TextField label="Motivo *" {...form.bind("reason")} placeholder="Ej. consignación, sencillo, domicilio" />
      </PageForm>
      {pinAsk && (
        <AdminPinDialog
          reason={pinAsk.reason}
          busy={covering}
          failure={pinAsk.failure}
          onClose={() => setPinAsk(null)}
          onAuthorise={(pin) => void authorise(pin)}
        />
      )}
    </Panel>
  );
}

type CloseValues = { cash: string; card: string; transfer: string; note: string };

function CloseForm({ session, onClosed }: { session: TillSession; onClosed: (closed: TillSession) => void }) {
  const close = useCloseTill();
  const form = useForm<CloseValues>({
    initial: { cash: "", card: "", transfer: "", note: "" },
    validate: (v) => {
      const errors: FieldErrors<CloseValues> = {};
      if (!isAmount(v.cash)) errors.cash = "Cuenta el efectivo de la caja";
      if (v.card.trim() && !isAmount(v.card)) errors.card = "Monto no válido";
      if (v.transfer.trim() && !isAmount(v.transfer)) errors.transfer = "Monto no válido";
      const differs = isAmount(v.cash) && amount(v.cash) !== session.expected.efectivo;
      if (differs && !v.note.trim()) errors.note = "Explica la diferencia con lo esperado";
      return errors;
    },
    failurePrefix: "No se pudo cerrar la caja",
    submit: async (v) => {
      const closed = await close.mutateAsync({
        sessionId: session.id,
        count: {
          counted_cash: amount(v.cash),
          counted_card: v.card.trim() ? amount(v.card) : null,
          counted_transfer: v.transfer.trim() ? amount(v.transfer) : null,
          note: v.note.trim() || null,
        },
      });
      onClosed(closed);
    },
  });
  const difference = isAmount(form.values.cash) ? amount(form.values.cash) - session.expected.efectivo : null;
  return (
    <Panel
      title="Cerrar caja"
      description="Cuenta el efectivo; el total de tarjeta y de transferencias del datáfono es opcional."
    >
      <PageForm form={form} submitLabel="Cerrar caja" label="Cerrar caja">
        <NumberField label="Efectivo contado *" {...form.bind("cash")} placeholder="0" />
        {difference !== null && (
          <p
            className={`text-sm font-semibold ${difference === 0 ? "text-emerald-800" : "text-red-700"}`}
            data-testid="close-difference"
          >
            {difference === 0 ? "Cuadra con lo esperado" : `Diferencia: ${formatCOP(difference)}`}
          </p>
        )}
        <div className="grid grid-cols-2 gap-3">
          <NumberField label="Tarjeta (opcional)" {...form.bind("card")} placeholder="0" />
          <NumberField label="Transferencias (opcional)" {...form.bind("transfer")} placeholder="0" />
        </div>
        <TextAreaField label="Nota" {...form.bind("note")} rows={2} />
      </PageForm>
    </Panel>
  );
}

/** Caja: open the store's till, record cash in and out, close it with the count and print the Z report. */
export function TillView() {
  const live = useTillState();
  const [closed, setClosed] = useState<TillSession | null>(null);
  if (closed) {
    return (
      <div className="space-y-4">
        <Notice tone="success">Caja cerrada</Notice>
        <Panel title="Informe de cierre">
          <TillReport session={closed} />
        </Panel>
        <div className="no-print grid grid-cols-2 gap-3">
          <button type="button" className={secondaryButton} onClick={() => window.print()}>
            Imprimir informe
          </button>
          <button type="button" className={secondaryButton} onClick={() => setClosed(null)}>
            Abrir otra caja
          </button>
        </div>
      </div>
    );
  }
  return (
    <DataState live={live} loadingLabel="Cargando caja...">
      {({ session }) =>
        session === null ? (
          <OpenForm />
        ) : (
          <div className="space-y-4">
            <Panel title="Caja abierta">
              <TillReport session={session} />
            </Panel>
            <MovementForm session={session} />
            <CloseForm session={session} onClosed={setClosed} />
          </div>
        )
      }
    </DataState>
  );
}
