import { LineList } from "./LineList";
import { SaleLineEditor } from "./SaleLineEditor";
import { SectionCard } from "./SectionCard";
import { emptyLine, type LineDraft } from "./saleForm";

type Props = { lines: LineDraft[]; onChange: (lines: LineDraft[]) => void };

/** 'Productos a vender': add and remove lines; at least one stays. */
export function SaleLinesSection({ lines, onChange }: Props) {
  return (
    <SectionCard title="Productos a vender">
      <LineList rows={lines} onChange={onChange} newRow={emptyLine} addLabel="+ Agregar producto">
        {(line, index, edit) => <SaleLineEditor line={line} index={index} {...edit} />}
      </LineList>
    </SectionCard>
  );
}
