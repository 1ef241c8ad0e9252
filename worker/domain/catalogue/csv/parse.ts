// Reading the catalogue's CSV: papaparse does the CSV itself (quotes, doubled quotes, delimiters and
// line breaks inside quoted fields); this file finds the delimiter (`;` as Excel writes it in es-CO, or
// `,`), drops a UTF-8 BOM, maps the Spanish headers to columns and numbers the rows as a spreadsheet
// does (the header is row 1, so the first product is row 2; a quoted line break stays in its row).
import Papa from "papaparse";
import { COLUMN_OF, COLUMNS, type ColumnKey, columnOf, MAX_ROWS } from "./columns";

export interface CsvRow {
  /** the spreadsheet row (the header is 1) */
  row: number;
  /** the cells of the columns the file has, trimmed, the export's formula guard (') removed */
  cells: Partial<Record<ColumnKey, string>>;
}

export interface RowError {
  /** 0 for an error of the whole file */
  row: number;
  column: string | null;
  message: string;
}

export type Parsed =
  | { ok: true; columns: ColumnKey[]; rows: CsvRow[] }
  | { ok: false; errors: RowError[]; tooMany?: boolean };

export const fileError = (message: string): RowError => ({ row: 0, column: null, message });
export const rowError = (row: number, column: string | null, detail: string): RowError => ({
  row,
  column,
  message: `Fila ${row}${column ? `, ${column}` : ""}: ${detail}`,
});

/** `;` when the header line has more of them than commas (outside quotes), else `,`. */
export function detectDelimiter(text: string): ";" | "," {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && ch === ";") semicolons++;
    else if (!quoted && ch === ",") commas++;
  }
  return semicolons > commas ? ";" : ",";
}

/** A cell as typed: trimmed, and without the apostrophe the export puts before = + - @. */
export function cellText(raw: string): string {
  const text = raw.trim();
  return /^'[=+\-@]/.test(text) ? text.slice(1) : text;
}

const QUOTE_PROBLEM: Record<string, string> = {
  MissingQuotes: 'tiene comillas sin cerrar (una celda empieza con " y no termina)',
  InvalidQuotes: "tiene comillas mal puestas (después de cerrar una celda entre comillas sigue texto)",
};

export function parseCsv(input: string): Parsed {
  const text = input.replace(/^\uFEFF/, "");
  if (!text.trim()) return { ok: false, errors: [fileError("El archivo está vacío")] };
  const result = Papa.parse<string[]>(text, { delimiter: detectDelimiter(text), skipEmptyLines: false });
  const records = result.data;
  const errors: RowError[] = [];
  for (const e of result.errors) {
    const problem = QUOTE_PROBLEM[e.code];
    // the row index papaparse gives is the record's (0 is the header)
    if (problem) errors.push(rowError((e.row ?? 0) + 1, null, problem));
  }
  const [header = [], ...data] = records;
  const columns: (ColumnKey | null)[] = [];
  const seen = new Set<ColumnKey>();
  for (const [i, name] of header.entries()) {
    const trimmed = name.trim();
    if (!trimmed) {
      columns.push(null);
      continue;
    }
    const key = columnOf(trimmed);
    if (!key) {
      errors.push(
        fileError(
          `La columna «${trimmed}» (columna ${i + 1}) no es del catálogo. Las columnas son: ${COLUMNS.map((c) => c.header).join(", ")}`,
        ),
      );
    } else if (seen.has(key)) {
      errors.push(fileError(`La columna «${COLUMN_OF[key].header}» está dos veces`));
    } else seen.add(key);
    columns.push(key);
  }
  for (const c of COLUMNS) {
    if (c.required && !seen.has(c.key)) errors.push(fileError(`Falta la columna «${c.header}»`));
  }
  const rows: CsvRow[] = [];
  for (const [i, record] of data.entries()) {
    if (record.every((cell) => !cell.trim())) continue; // a blank line, or ";;;" Excel leaves
    const row = i + 2;
    if (record.length > header.length && record.slice(header.length).some((cell) => cell.trim())) {
      errors.push(
        rowError(
          row,
          null,
          `tiene ${record.length} celdas y el encabezado ${header.length} columnas (¿un separador de más, o una celda con ; o , sin comillas?)`,
        ),
      );
      continue;
    }
    const cells: Partial<Record<ColumnKey, string>> = {};
    for (const [j, key] of columns.entries()) {
      if (key) cells[key] = cellText(record[j] ?? "");
    }
    rows.push({ row, cells });
  }
  if (rows.length > MAX_ROWS) {
    return {
      ok: false,
      tooMany: true,
      errors: [
        fileError(`El archivo tiene ${rows.length} filas; el máximo es ${MAX_ROWS}. Divídelo en varios archivos.`),
      ],
    };
  }
  if (errors.length > 0) return { ok: false, errors };
  if (rows.length === 0) return { ok: false, errors: [fileError("El archivo no tiene filas de productos")] };
  return { ok: true, columns: [...seen], rows };
}
