import { type FormEvent, useId, useState } from "react";
import {
  fetchAdminHealth,
  fetchProductAssignments,
  fetchSalesReport,
  fetchSystemOverview,
  fetchTransfersOverview,
  fetchUserPerformance,
  fetchVatReport,
  testMicroserviceConnection,
} from "../../../api/admin";
import { formatDate, formatDateTime } from "../../../lib/format";
import { failureText, useRemoteData } from "../../../lib/query/useRemoteData";
import { accentButton, secondaryButton } from "../../../lib/ui/classes";
import { DataState } from "../../../lib/ui/DataState";
import { DateRangeFields } from "../../../lib/ui/DateRangeFields";
import { ItemList, TitledRow } from "../../../lib/ui/ItemList";
import { Notice } from "../../../lib/ui/Notice";
import { Panel } from "../../../lib/ui/Panel";
import { SmallButton } from "../../../lib/ui/SmallButton";
import { Spinner } from "../../../lib/ui/Spinner";
import { downloadCsv } from "../../company/csv";
import { lastDays } from "../../company/dates";
import { LocationsError } from "../LocationsError";
import { adminQueries } from "../queries";
import { useLocationOptions } from "../useLocationOptions";
import { AlertForm } from "./AlertForm";
import { AlertsList } from "./AlertsList";
import { NewsletterSubscribers } from "./NewsletterSubscribers";
import { ReorderReports } from "./ReorderReports";
import { ReportTablesView } from "./ReportTablesView";
import {
  assignmentsTables,
  diagnosisTables,
  healthTables,
  performanceTables,
  type ReportTable,
  salesReportTables,
  systemTables,
  tablesCsv,
  transfersTables,
  vatReportTables,
} from "./reportTables";

type ToolId = "sales" | "vat" | "performance" | "transfers" | "assignments" | "health" | "system" | "diagnosis";

type Tool = { title: string; failure: string; file: string };

const TOOLS: Record<ToolId, Tool> = {
  sales: { title: "Reporte de ventas", failure: "Error al generar reporte de ventas", file: "reporte-ventas" },
  vat: { title: "Reporte de IVA", failure: "Error al generar el reporte de IVA", file: "reporte-iva" },
  performance: {
    title: "Rendimiento de usuarios (7 días)",
    failure: "Error al obtener el rendimiento de usuarios",
    file: "rendimiento-usuarios",
  },
  transfers: {
    title: "Resumen de transferencias",
    failure: "Error al obtener el resumen de transferencias",
    file: "transferencias",
  },
  assignments: {
    title: "Asignaciones de productos",
    failure: "Error al obtener asignaciones",
    file: "asignaciones-productos",
  },
  health: { title: "Estado del módulo", failure: "Error al verificar estado del módulo", file: "estado-modulo" },
  system: { title: "Resumen del sistema", failure: "Error al obtener el resumen del sistema", file: "resumen-sistema" },
  diagnosis: {
    title: "Conexión con microservicio",
    failure: "Error al probar conexión con microservicio",
    file: "conexion-microservicio",
  },
};

const ORDER: readonly ToolId[] = [
  "sales",
  "vat",
  "performance",
  "transfers",
  "assignments",
  "health",
  "system",
  "diagnosis",
];

type Result =
  | { status: "loading" }
  | { status: "ok"; tables: ReportTable[]; at: string; subtitle: string }
  | { status: "error"; message: string };

type Generated = { id: number; title: string; at: string; file: string; tables: ReportTable[] };

/** Reportes: sales report for a range, performance, transfers, tools, microservice test and stock alerts. */
export function ReportsSection() {
  const id = useId();
  const locations = useLocationOptions();
  const initial = lastDays(30);
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const [results, setResults] = useState<Partial<Record<ToolId, Result>>>({});
  const [generated, setGenerated] = useState<Generated[]>([]);
  const alerts = useRemoteData(adminQueries.inventoryAlerts());
  const subscribers = useRemoteData(adminQueries.newsletterSubscribers());

  async function run(tool: ToolId, load: () => Promise<{ tables: ReportTable[]; subtitle: string }>) {
    setResults((r) => ({ ...r, [tool]: { status: "loading" } }));
    try {
      const { tables, subtitle } = await load();
      const at = new Date().toISOString();
      setResults((r) => ({ ...r, [tool]: { status: "ok", tables, at, subtitle } }));
      setGenerated((list) => [
        {
          id: Date.now() + Math.random(),
          title: `${TOOLS[tool].title}${subtitle ? ` · ${subtitle}` : ""}`,
          at,
          file: TOOLS[tool].file,
          tables,
        },
        ...list,
      ]);
    } catch (error) {
      const message = failureText(TOOLS[tool].failure, error);
      setResults((r) => ({ ...r, [tool]: { status: "error", message } }));
    }
  }

  /** The period's reports: sales (the form's submit) and IVA, both over the dates chosen. */
  function periodReport(tool: "sales" | "vat") {
    if (!start || !end || start > end) {
      setResults((r) => ({
        ...r,
        [tool]: { status: "error", message: `${TOOLS[tool].failure}: revisa las fechas del período` },
      }));
      return;
    }
    const subtitle = `${formatDate(start)} a ${formatDate(end)}`;
    void run(tool, async () => ({
      tables:
        tool === "sales"
          ? salesReportTables(await fetchSalesReport(start, end))
          : vatReportTables(await fetchVatReport(start, end)),
      subtitle,
    }));
  }

  function salesReport(event: FormEvent) {
    event.preventDefault();
    periodReport("sales");
  }

  // The tools without a period: fetch, then turn the answer into tables.
  const undated =
    <T,>(fetch: () => Promise<T>, toTables: (data: T) => ReportTable[]) =>
    async () => ({ tables: toTables(await fetch()), subtitle: "" });

  const toolButtons: {
    tool: ToolId;
    label: string;
    load: () => Promise<{ tables: ReportTable[]; subtitle: string }>;
  }[] = [
    {
      tool: "performance",
      label: "Rendimiento de usuarios",
      load: async () => {
        const week = lastDays(7);
        return {
          tables: performanceTables(await fetchUserPerformance(week.start, week.end)),
          subtitle: `${formatDate(week.start)} a ${formatDate(week.end)}`,
        };
      },
    },
    { tool: "transfers", label: "Resumen de transferencias", load: undated(fetchTransfersOverview, transfersTables) },
    {
      tool: "assignments",
      label: "Asignaciones de productos",
      load: undated(fetchProductAssignments, assignmentsTables),
    },
    { tool: "health", label: "Estado del módulo", load: undated(fetchAdminHealth, healthTables) },
    { tool: "system", label: "Resumen del sistema", load: undated(fetchSystemOverview, systemTables) },
    {
      tool: "diagnosis",
      label: "Probar conexión con microservicio",
      load: undated(testMicroserviceConnection, diagnosisTables),
    },
  ];

  return (
    <div className="space-y-4">
      <Panel
        title="Reporte de ventas"
        description="Ventas completadas por ubicación, vendedor, producto y método de pago; el IVA por local y tarifa, neto de devoluciones"
      >
        <form noValidate onSubmit={salesReport} className="flex flex-wrap items-end gap-3">
          <DateRangeFields id={id} start={start} end={end} onStart={setStart} onEnd={setEnd} linked className="w-40" />
          <button type="submit" className={accentButton} disabled={results.sales?.status === "loading"}>
            Generar reporte de ventas
          </button>
          <button
            type="button"
            className={secondaryButton}
            disabled={results.vat?.status === "loading"}
            onClick={() => periodReport("vat")}
          >
            Generar reporte de IVA
          </button>
        </form>
      </Panel>

      <ReorderReports locations={locations.list} />

      <Panel title="Herramientas">
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {toolButtons.map((b) => (
            <button
              key={b.tool}
              type="button"
              className={secondaryButton}
              disabled={results[b.tool]?.status === "loading"}
              onClick={() => void run(b.tool, b.load)}
            >
              {b.label}
            </button>
          ))}
        </div>
      </Panel>

      {ORDER.map((tool) => {
        const result = results[tool];
        if (!result) return null;
        return (
          <Panel
            key={tool}
            title={TOOLS[tool].title}
            description={
              result.status === "ok"
                ? `${result.subtitle ? `${result.subtitle} · ` : ""}generado ${formatDateTime(result.at)}`
                : undefined
            }
            action={
              result.status === "ok" ? (
                <button
                  type="button"
                  className={secondaryButton}
                  onClick={() => downloadCsv(`${TOOLS[tool].file}-${result.at.slice(0, 10)}`, tablesCsv(result.tables))}
                >
                  Descargar CSV
                </button>
              ) : undefined
            }
          >
            {result.status === "loading" && <Spinner label="Generando..." />}
            {result.status === "error" && <Notice tone="error">{result.message}</Notice>}
            {result.status === "ok" && <ReportTablesView tables={result.tables} />}
          </Panel>
        );
      })}

      <Panel title="Reportes generados" description="En esta sesión">
        <ItemList items={generated} empty="No hay reportes generados" className="divide-y divide-stone-100">
          {(g) => (
            <TitledRow
              key={g.id}
              className="py-2 text-sm"
              title={g.title}
              detail={formatDateTime(g.at)}
              end={
                <SmallButton onClick={() => downloadCsv(`${g.file}-${g.at.slice(0, 10)}`, tablesCsv(g.tables))}>
                  CSV
                </SmallButton>
              }
            />
          )}
        </ItemList>
      </Panel>

      <Panel title="Crear alerta de stock bajo">
        <LocationsError options={locations} />
        <AlertForm locations={locations.list} />
      </Panel>
      <Panel title="Alertas de inventario">
        <DataState live={alerts} loadingLabel="Cargando alertas...">
          {(data) => <AlertsList alerts={data.alerts} />}
        </DataState>
      </Panel>
      <Panel title="Suscriptores del boletín" description="Correos dejados en la tienda en línea">
        <DataState live={subscribers} loadingLabel="Cargando suscriptores...">
          {(data) => <NewsletterSubscribers data={data} />}
        </DataState>
      </Panel>
    </div>
  );
}
