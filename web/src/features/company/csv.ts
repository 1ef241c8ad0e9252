/** CSV for the report and analytics downloads: ';' separated (what Excel in es-CO expects), UTF-8 BOM. */

export type CsvColumn<T> = { header: string; value: (row: T) => string | number | boolean | null | undefined };

function cell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => cell(c.header)).join(";")];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(";"));
  return lines.join("\r\n");
}

/** Several tables in one file, each under its title and separated by a blank line. */
export function joinCsvTables(tables: readonly { title: string; csv: string }[]): string {
  return tables.map((t) => `${cell(t.title)}\r\n${t.csv}`).join("\r\n\r\n");
}

/** Saves text as a .csv file through a temporary link; the object URL is released right after. */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob([`\uFEFF${csv}`], { type: "text/csv;charset=utf-8" });
  downloadBlob(fileName.endsWith(".csv") ? fileName : `${fileName}.csv`, blob);
}

/** Saves a file the page holds (a CSV built here, or one the API answered) through a temporary link. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
