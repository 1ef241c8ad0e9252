import { secondaryButton } from "../../lib/ui/classes";
import { downloadCsv } from "../company/csv";

/** 'Descargar CSV' of a whole report (every table in one file). */
export function ExportButton({ fileName, build }: { fileName: string; build: () => string }) {
  return (
    <button type="button" className={secondaryButton} onClick={() => downloadCsv(fileName, build())}>
      <span aria-hidden="true">⬇</span> Descargar CSV
    </button>
  );
}
