import JsBarcode from "jsbarcode";
import { useEffect, useRef } from "react";
import { symbologyOf } from "../../lib/labels/sheet";

/** A box code drawn as SVG (sharp at any printer resolution), with its digits under the bars. */
export function BarcodeSvg({ code, height = 48 }: { code: string; height?: number }) {
  const svg = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (!svg.current) return;
    try {
      JsBarcode(svg.current, code, {
        format: symbologyOf(code),
        height,
        width: 1.6,
        margin: 4,
        fontSize: 14,
        background: "#ffffff",
        lineColor: "#000000",
      });
    } catch {
      // a code the symbology refuses (bad check digit): Code 128 takes any printable text
      JsBarcode(svg.current, code, { format: "CODE128", height, width: 1.4, margin: 4, fontSize: 14 });
    }
  }, [code, height]);
  return <svg ref={svg} role="img" aria-label={`Código de barras ${code}`} data-code={code} className="max-w-full" />;
}
