// Writing an alert event into the outbox IN THE EVENT'S OWN D1 BATCH (issue 37, docs/alerts.md): each
// statement is an INSERT … SELECT that selects a row only when the event happened (stock crossed below a
// rule's minimum, a till closed beyond the threshold, a range reached 90 %), ON CONFLICT DO NOTHING on the
// event's key, so a replayed or repeated write adds nothing. Then the in-app notices of the rows just
// written (administradores, and the location's staff for low stock), also in the batch.
import { type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { alertMessages, notifications } from "../../db/schema";

const now = sql`strftime('%Y-%m-%dT%H:%M:%fZ','now')`;

/** Held for the day's digest when the company chose it, else to send now. */
const initialStatus = (companyId: number) =>
  sql`CASE WHEN COALESCE((SELECT daily_digest FROM alert_settings WHERE company_id = ${companyId}), 0) = 1
    THEN 'en_resumen' ELSE 'pendiente' END`;

/** The company's notification addresses (JSON array). */
export const companyEmails = (companyId: number) =>
  sql`COALESCE((SELECT notification_emails FROM alert_settings WHERE company_id = ${companyId}), '[]')`;

interface RowSql {
  companyId: SQL | number;
  eventKey: SQL;
  kind: string;
  locationId: SQL | number | null;
  facts: SQL;
  recipients: SQL;
}

/** An alert_messages row as a SELECT list, every column in the table's order (drizzle inserts them all). */
function rowSelect(companyId: number, r: RowSql): SQL {
  return sql`SELECT NULL, ${r.companyId}, ${r.eventKey}, ${r.kind}, ${r.locationId}, ${r.facts}, NULL, NULL,
    ${r.recipients}, ${initialStatus(companyId)}, 0, ${now}, '[]', NULL, NULL, NULL, NULL, NULL, 0, ${now}`;
}

const insertSelect = (db: Db, select: SQL) => db.insert(alertMessages).select(select).onConflictDoNothing();

/**
 * Low stock: after a write that took `taken` units (pairs or exhibition units) of a product at a location,
 * one event per active alert rule whose minimum that write crossed — available now at or below the rule's
 * threshold, and above it before the write. A later sale while still below crosses nothing; only a rise
 * above the minimum and a new fall makes a new event. The event's key ends with the ledger movement that
 * crossed, so each crossing has its own; a write that takes units without a ledger movement (a reservation:
 * a transfer's at its source, a storefront shopper's) names itself in `cause`, appended to the key. A rule
 * naming the product wins over the location's general rules (domain/stock/low-stock.ts `thresholdFor`).
 * Several statements in one batch (the lines of a restock order, of a reservation, of a count) each read
 * `available` after the ones before, so only the one whose units go past the minimum selects a crossing.
 */
export function lowStockAlertStatement(
  db: Db,
  companyId: number,
  locationId: number,
  productId: number | SQL<number>,
  taken: number | SQL<number>,
  cause?: string | SQL,
) {
  const available = sql`(SELECT COALESCE(SUM(pairs - reserved_pairs + exhibition), 0) FROM inventory
    WHERE company_id = ${companyId} AND product_id = p.id AND location_id = ${locationId})`;
  // 0 for a cell stocked without a ledger (seeded): the key is never NULL
  const crossing = sql`(SELECT COALESCE(MAX(id), 0) FROM stock_movements
    WHERE company_id = ${companyId} AND product_id = p.id AND location_id = ${locationId})`;
  return insertSelect(
    db,
    sql`${rowSelect(companyId, {
      companyId,
      eventKey: sql`'low_stock:' || a.id || ':' || p.id || ':' || a.location_id || ':' || ${crossing}${
        cause === undefined ? sql`` : sql` || ':' || ${cause}`
      }`,
      kind: "low_stock",
      locationId: sql`a.location_id`,
      facts: sql`json_object('rule_id', a.id, 'product_id', p.id, 'reference', p.reference_code, 'brand', p.brand,
        'model', p.model, 'location_name', l.name, 'available', ${available}, 'threshold', a.threshold_value)`,
      recipients: sql`CASE WHEN json_array_length(a.notification_emails) > 0 THEN a.notification_emails
        ELSE ${companyEmails(companyId)} END`,
    })}
    FROM inventory_alerts a
    JOIN products p ON p.id = ${productId} AND p.company_id = ${companyId}
    JOIN locations l ON l.id = a.location_id
    WHERE a.company_id = ${companyId} AND a.location_id = ${locationId} AND a.is_active = 1
      AND a.alert_type = 'inventario_minimo'
      AND (a.product_reference = p.reference_code OR (COALESCE(a.product_reference, '') = '' AND NOT EXISTS (
        SELECT 1 FROM inventory_alerts o WHERE o.company_id = ${companyId} AND o.location_id = ${locationId}
          AND o.is_active = 1 AND o.product_reference = p.reference_code)))
      AND ${available} <= a.threshold_value AND ${available} + ${taken} > a.threshold_value`,
  );
}

/** A till closed with a cash difference above the company's threshold (after the closing UPDATE). */
export function tillDifferenceAlertStatement(db: Db, companyId: number, sessionId: number) {
  return insertSelect(
    db,
    sql`${rowSelect(companyId, {
      companyId,
      eventKey: sql`'till_difference:' || s.id`,
      kind: "till_difference",
      locationId: sql`s.location_id`,
      facts: sql`json_object('session_id', s.id, 'location_name', l.name, 'expected_cash', s.expected_cash,
        'counted_cash', s.counted_cash, 'threshold', c.till_alert_threshold, 'note', s.close_note, 'closed_at', s.closed_at)`,
      recipients: companyEmails(companyId),
    })}
    FROM cash_sessions s
    JOIN locations l ON l.id = s.location_id
    JOIN companies c ON c.id = s.company_id
    WHERE s.id = ${sessionId} AND s.company_id = ${companyId} AND s.status = 'closed'
      AND ABS(s.counted_cash - s.expected_cash) > c.till_alert_threshold`,
  );
}

/** A reception with differences (the transfer is received once, so one event per transfer). */
export function discrepancyAlertStatement(
  db: Db,
  companyId: number,
  transfer: { id: number; locationId: number },
  summary: string,
) {
  return insertSelect(
    db,
    sql`${rowSelect(companyId, {
      companyId,
      eventKey: sql`${`discrepancy:${transfer.id}`}`,
      kind: "discrepancy",
      locationId: transfer.locationId,
      facts: sql`json_object('transfer_id', ${transfer.id}, 'location_name', l.name, 'summary', ${summary})`,
      recipients: companyEmails(companyId),
    })}
    FROM locations l WHERE l.id = ${transfer.locationId} AND l.company_id = ${companyId}`,
  );
}

/**
 * A numbering range that reached 90 % with the sale being written under `saleKey` (the range it took a
 * number from): once per range, whatever sales follow.
 */
export function numberingAlertStatement(db: Db, companyId: number, saleKey: string) {
  return numberingRangeAlert(
    db,
    companyId,
    "nearly_used",
    sql`r.last_taken_by = ${saleKey} AND r.next_number <= r.range_to
      AND (r.next_number - r.range_from) >= ((r.range_to - r.range_from + 1) * 9 + 9) / 10`,
  );
}

/** The active ranges of the company whose resolution ends within `days` of `today`: once per range. */
export function expiringNumberingStatement(db: Db, companyId: number, today: string, lastDay: string) {
  return numberingRangeAlert(
    db,
    companyId,
    "expiring",
    sql`r.active = 1 AND r.next_number <= r.range_to AND r.valid_until >= ${today} AND r.valid_until <= ${lastDay}`,
  );
}

/** The alert row of each company range that `which` selects: once per range and kind of alert. */
function numberingRangeAlert(db: Db, companyId: number, alert: "nearly_used" | "expiring", which: SQL) {
  const suffix = alert === "nearly_used" ? "90" : "expiring";
  return insertSelect(
    db,
    sql`${rowSelect(companyId, {
      companyId,
      eventKey: sql`'numbering:' || r.id || ':' || ${suffix}`,
      kind: "numbering",
      locationId: sql`r.location_id`,
      facts: sql`json_object('range_id', r.id, 'alert', ${alert}, 'prefix', r.prefix, 'location_name', l.name,
        'used', r.next_number - r.range_from, 'size', r.range_to - r.range_from + 1, 'valid_until', r.valid_until)`,
      recipients: companyEmails(companyId),
    })}
    FROM numbering_ranges r JOIN locations l ON l.id = r.location_id
    WHERE r.company_id = ${companyId} AND ${which}`,
  );
}

/** The short in-app line of an event, from its facts. */
const noticeTitle = sql`CASE m.kind
  WHEN 'low_stock' THEN 'Poco stock'
  WHEN 'till_difference' THEN 'Caja con diferencia'
  WHEN 'discrepancy' THEN 'Recepción con diferencias'
  ELSE 'Numeración DIAN' END`;
const noticeText = sql`CASE m.kind
  WHEN 'low_stock' THEN json_extract(m.facts, '$.brand') || ' ' || json_extract(m.facts, '$.model') || ' en '
    || json_extract(m.facts, '$.location_name') || ': quedan ' || json_extract(m.facts, '$.available')
    || ' (mínimo ' || json_extract(m.facts, '$.threshold') || ')'
  WHEN 'till_difference' THEN 'Caja #' || json_extract(m.facts, '$.session_id') || ' de '
    || json_extract(m.facts, '$.location_name') || ' cerrada con diferencia en efectivo'
  WHEN 'discrepancy' THEN json_extract(m.facts, '$.summary')
  ELSE 'Prefijo ' || json_extract(m.facts, '$.prefix') || ' de ' || json_extract(m.facts, '$.location_name') || ': '
    || CASE json_extract(m.facts, '$.alert') WHEN 'expiring' THEN 'vence el ' || json_extract(m.facts, '$.valid_until')
       ELSE 'usados ' || json_extract(m.facts, '$.used') || ' de ' || json_extract(m.facts, '$.size') END END`;

/**
 * The in-app notices of the events this batch wrote (rows not yet notified): one per active administrador,
 * and for low stock one for the location (type 'stock': its sellers or keepers read it in their notices, as
 * they do returns and lapsed reservations; a reception's discrepancy already leaves its own notice to the
 * receiving location). Then the rows are marked notified.
 */
export function alertNoticeStatements(db: Db, companyId: number): BatchItem<"sqlite">[] {
  const fresh = sql`m.company_id = ${companyId} AND m.notified = 0 AND m.kind <> 'digest'`;
  return [
    db.insert(notifications).select(
      sql`SELECT NULL, m.company_id, u.id, m.location_id, 'alert', ${noticeTitle}, ${noticeText}, NULL, 0, NULL, ${now}
        FROM alert_messages m JOIN users u ON u.company_id = m.company_id AND u.role = 'administrador' AND u.is_active = 1
        WHERE ${fresh}`,
    ),
    db.insert(notifications).select(
      sql`SELECT NULL, m.company_id, NULL, m.location_id, 'stock', ${noticeTitle}, ${noticeText}, NULL, 0, NULL, ${now}
        FROM alert_messages m WHERE ${fresh} AND m.kind = 'low_stock'`,
    ),
    db.update(alertMessages).set({ notified: true }).where(sql`company_id = ${companyId} AND notified = 0`),
  ];
}
