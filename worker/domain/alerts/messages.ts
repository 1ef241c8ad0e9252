// The alerts' e-mails in Spanish (issue 37, docs/alerts.md): a subject and a plain text made from the facts
// an event stored on its outbox row. Pure: the drain calls it once per row and keeps what it made.
import { plural } from "../../../shared/plural";
import { copText } from "../shared/money";

export type AlertKind = "low_stock" | "till_difference" | "discrepancy" | "numbering" | "digest";

export interface LowStockFacts {
  reference: string;
  brand: string;
  model: string;
  location_name: string;
  /** pairs not reserved plus exhibition units, after the write */
  available: number;
  threshold: number;
}
export interface TillDifferenceFacts {
  session_id: number;
  location_name: string;
  /** centavos */
  expected_cash: number;
  counted_cash: number;
  threshold: number;
  note: string | null;
  closed_at: string;
}
export interface DiscrepancyFacts {
  transfer_id: number;
  location_name: string;
  /** the reception's own sentence ("Nike Air talla 40 (transferencia #3): 1 par faltante de 4 pares enviados.") */
  summary: string;
}
export interface NumberingFacts {
  range_id: number;
  alert: "nearly_used" | "expiring";
  prefix: string;
  location_name: string;
  used: number;
  size: number;
  valid_until: string;
}

export interface AlertText {
  subject: string;
  text: string;
}

const FOOTER =
  "\n\n—\nHorma · Este aviso se envía a las direcciones de notificación de la empresa. Puedes revisar las alertas en el panel del administrador, sección Notificaciones.";

const DATE = new Intl.DateTimeFormat("es-CO", { dateStyle: "long", timeZone: "America/Bogota" });
const DATE_TIME = new Intl.DateTimeFormat("es-CO", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "America/Bogota",
});

/** 'YYYY-MM-DD' (a calendar day) or an ISO instant, as es-CO writes it in Bogotá. */
export function dateText(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return DATE.format(new Date(`${value}T12:00:00-05:00`));
  return DATE_TIME.format(new Date(value)).replace(/\u202f/g, " ");
}

const pairs = (n: number) => plural(n, "par", "pares");

function lowStock(f: LowStockFacts): AlertText {
  const what = `${f.brand} ${f.model} (${f.reference})`;
  const state = f.available <= 0 ? "se agotó" : `quedan ${pairs(f.available)}`;
  return {
    subject: `Poco stock: ${what} en ${f.location_name}`,
    text: `En ${f.location_name} ${state} de ${what}. El mínimo de la alerta es ${pairs(f.threshold)}.\n\nConviene pedir una transferencia desde la bodega o reponer el producto.`,
  };
}

function tillDifference(f: TillDifferenceFacts): AlertText {
  const difference = f.counted_cash - f.expected_cash;
  const kind = difference < 0 ? "faltante" : "sobrante";
  return {
    subject: `Caja con diferencia en ${f.location_name}: ${kind} de ${copText(Math.abs(difference))}`,
    text: [
      `La caja #${f.session_id} de ${f.location_name} se cerró el ${dateText(f.closed_at)} con un ${kind} de ${copText(Math.abs(difference))} en efectivo.`,
      `Efectivo esperado: ${copText(f.expected_cash)}. Contado: ${copText(f.counted_cash)}. Umbral de alerta: ${copText(f.threshold)}.`,
      f.note ? `Nota del cierre: ${f.note}` : null,
    ]
      .filter(Boolean)
      .join("\n"),
  };
}

function discrepancy(f: DiscrepancyFacts): AlertText {
  return {
    subject: `Recepción con diferencias en ${f.location_name} (transferencia #${f.transfer_id})`,
    text: `${f.summary}\n\nLas unidades quedan pendientes hasta que el administrador las resuelva (encontradas o dadas de baja) en Inventario → Diferencias.`,
  };
}

function numbering(f: NumberingFacts): AlertText {
  if (f.alert === "expiring")
    return {
      subject: `La numeración DIAN ${f.prefix} de ${f.location_name} vence pronto`,
      text: `La resolución de numeración con prefijo ${f.prefix} de ${f.location_name} vence el ${dateText(f.valid_until)}. Solicita a la DIAN la siguiente y regístrala en Numeración DIAN.`,
    };
  const percent = Math.floor((f.used * 100) / f.size);
  return {
    subject: `La numeración DIAN ${f.prefix} de ${f.location_name} va en el ${percent} %`,
    text: `${f.location_name} ya usó ${f.used} de los ${f.size} números de la resolución con prefijo ${f.prefix} (quedan ${f.size - f.used}). Solicita a la DIAN la siguiente y regístrala en Numeración DIAN antes de que se acabe.`,
  };
}

/** The e-mail of one event, from the facts its row stored. */
export function alertText(kind: Exclude<AlertKind, "digest">, facts: Record<string, unknown>): AlertText {
  const made =
    kind === "low_stock"
      ? lowStock(facts as unknown as LowStockFacts)
      : kind === "till_difference"
        ? tillDifference(facts as unknown as TillDifferenceFacts)
        : kind === "discrepancy"
          ? discrepancy(facts as unknown as DiscrepancyFacts)
          : numbering(facts as unknown as NumberingFacts);
  return { subject: made.subject, text: made.text + FOOTER };
}

/** The day's digest: every event held for it, in the order they happened. */
export function digestText(
  day: string,
  events: readonly { kind: AlertKind; facts: Record<string, unknown> }[],
): AlertText {
  const lines = events.map((e, i) => {
    const { subject } = alertText(e.kind as Exclude<AlertKind, "digest">, e.facts);
    return `${i + 1}. ${subject}`;
  });
  const details = events.map((e) => {
    const { subject, text } = alertText(e.kind as Exclude<AlertKind, "digest">, e.facts);
    return `■ ${subject}\n${text.slice(0, text.length - FOOTER.length)}`;
  });
  const count = plural(events.length, "alerta", "alertas");
  return {
    subject: `Resumen diario de alertas del ${dateText(day)}: ${count}`,
    text: `Alertas del ${dateText(day)}:\n${lines.join("\n")}\n\n${details.join("\n\n")}${FOOTER}`,
  };
}
