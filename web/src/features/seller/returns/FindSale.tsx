import { type FormEvent, useId, useState } from "react";
import { accentButton, bareInputClass, labelClass } from "../../../lib/ui/classes";
import { Notice } from "../../../lib/ui/Notice";
import { Panel } from "../../../lib/ui/Panel";

type Props = {
  busy: boolean;
  /** Why the last search found nothing ('Venta no encontrada'), as the server said it. */
  failure: string | null;
  onFind: (code: string) => void;
};

/** The first step: the sale the customer brings back, by its number or the code (or link) of its receipt. */
export function FindSale({ busy, failure, onFind }: Props) {
  const id = useId();
  const [code, setCode] = useState("");
  const [empty, setEmpty] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = code.trim();
    setEmpty(text === "");
    if (text) onFind(text);
  }

  return (
    <Panel
      title="Buscar la venta"
      description="El número está en el recibo (Venta #…); el código es el del enlace del recibo."
    >
      <form noValidate onSubmit={submit} className="space-y-3" aria-label="Buscar la venta">
        <div>
          <label htmlFor={id} className={labelClass}>
            Número de venta o código del recibo
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id={id}
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setEmpty(false);
              }}
              placeholder="Ej. 41"
              autoComplete="off"
              autoCapitalize="none"
              enterKeyHint="search"
              className={`${bareInputClass} min-w-0 flex-1`}
            />
            <button type="submit" className={`${accentButton} shrink-0`} disabled={busy}>
              {busy ? "Buscando..." : "Buscar"}
            </button>
          </div>
          {empty && <p className="mt-1 text-sm text-red-700">Escribe el número de la venta o el código del recibo</p>}
        </div>
        {failure && <Notice tone="error">{failure}</Notice>}
      </form>
    </Panel>
  );
}
