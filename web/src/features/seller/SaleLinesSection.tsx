import { secondaryButton } from "../../lib/ui/classes";
import { SaleLineEditor } from "./SaleLineEditor";
import { SectionCard } from "./SectionCard";
import { emptyLine, type LineDraft } from "./saleForm";

type Props = { lines: LineDraft[]; onChange: (lines: LineDraft[]) => void };

/** 'Productos a vender': add and remove lines; at least one stays. */
export function SaleLinesSection({ lines, onChange }: Props) {
  return (
    <SectionCard title="Productos a vender">
      <div className="space-y-3">
        {lines.map((line, index) => (
          <SaleLineEditor
            key={line.key}
            line={line}
            index={index}
            canRemove={lines.length > 1}
            onChange={(next) => onChange(lines.map((l) => (l.key === line.key ? next : l)))}
            onRemove={() => onChange(lines.filter((l) => l.key !== line.key))}
          />
        ))}
      </div>
      <button
        type="button"
        onClick={() => onChange([...lines, emptyLine()])}
        className={`${secondaryButton} mt-3 w-full`}
      >
        + Agregar producto
      </button>
    </SectionCard>
  );
}
