import { useAtomValue } from "jotai";
import { useRemoteData } from "../../lib/query/useRemoteData";
import { receiptQuery } from "../../lib/receipt/queries";
import { ReceiptActions } from "../../lib/receipt/ReceiptActions";
import { ReceiptDocument } from "../../lib/receipt/ReceiptDocument";
import { sessionAtom } from "../../lib/session";
import { linkButton } from "../../lib/ui/classes";
import { ErrorState } from "../../lib/ui/ErrorState";
import { Spinner } from "../../lib/ui/Spinner";

/** /recibo/<token>: a sale's receipt for anyone holding its link; staff also get print and share. */
export function ReceiptPage({ token }: { token: string }) {
  const session = useAtomValue(sessionAtom);
  const query = useRemoteData(receiptQuery(token));
  if (query.error) {
    return (
      <div className="mx-auto max-w-sm p-4">
        <ErrorState title="No se pudo abrir el recibo" message={query.error} onRetry={query.reload} />
      </div>
    );
  }
  const receipt = query.data;
  if (!receipt) return <Spinner label="Cargando recibo..." />;
  return (
    <div className="min-h-dvh bg-stone-100 px-3 py-4 print:bg-white print:p-0">
      <div className="no-print mx-auto mb-3 flex max-w-sm flex-wrap gap-2">
        {session && (
          <button type="button" className={linkButton} onClick={() => window.history.back()}>
            ← Volver
          </button>
        )}
      </div>
      <ReceiptDocument receipt={receipt} />
      <ReceiptActions receipt={receipt} token={token} printable copyLink className="mx-auto mt-4 max-w-sm" />
    </div>
  );
}
