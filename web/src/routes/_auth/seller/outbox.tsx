import { createFileRoute } from "@tanstack/react-router";
import { OutboxView } from "../../../features/seller/outbox/OutboxView";
import { useSellerPanel } from "../../../features/seller/sellerPanel";

export const Route = createFileRoute("/_auth/seller/outbox")({
  component: function Outbox() {
    const { outbox, online, sending, flush, go, requestTransfer } = useSellerPanel();
    return (
      <OutboxView
        items={outbox}
        online={online}
        sending={sending}
        onSend={flush}
        go={go}
        onTransferRequest={requestTransfer}
      />
    );
  },
});
