import type { OutboxItem } from "../../../lib/outbox/db";
import { Modal } from "../../../lib/ui/Modal";
import { SaleSummary } from "../SaleSummary";

type QueuedSale = Extract<OutboxItem, { kind: "sale" }>;

/** The on-screen receipt of a sale kept on the phone (the shareable one needs the server's sale). */
export function QueuedSaleDetails({ item, onClose }: { item: QueuedSale; onClose: () => void }) {
  return (
    <Modal title="Comprobante provisional" onClose={onClose}>
      <p className="mb-3 text-sm text-stone-700">
        Venta hecha sin conexión. El recibo para compartir estará disponible cuando se sincronice.
      </p>
      <SaleSummary draft={item.snapshot.draft} receipt={item.payload.receipt} customer={item.snapshot.customer} />
    </Modal>
  );
}
