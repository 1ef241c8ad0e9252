import JsBarcode from "jsbarcode";
import { useEffect, useRef, useState } from "react";
import { symbologyOf } from "../../lib/labels/sheet";

/** A box code drawn as SVG (sharp at any printer resolution), with its digits under the bars. */
export function BarcodeSvg({ code, height = 48 }: { code: string; height?: number }) {
  const svg = useRef<SVGSVGElement>(null);
  const [drawn, setDrawn] = useState(true);
  useEffect(() => {
    if (!svg.current) return;
    const options = { height, margin: 4, fontSize: 14, background: "#ffffff", lineColor: "#000000" };
    try {
      JsBarcode(svg.current, code, { ...options, format: symbologyOf(code), width: 1.6 });
      setDrawn(true);
    } catch {
      try {
        // a code the symbology refuses (bad check digit): Code 128 takes any printable text
        JsBarcode(svg.current, code, { ...options, format: "CODE128", width: 1.4 });
        setDrawn(true);
      } catch {
        setDrawn(false);
      }
    }
  }, [code, height]);
  return (
    <>
      <svg ref={svg} role="img" aria-label={`Código de barras ${code}`} data-code={code} className="max-w-full" />
      {!drawn && <span className="font-mono text-sm">{code}</span>}
    </>
  );
}
