import { createFileRoute } from "@tanstack/react-router";
import { ScanView } from "../../../features/seller/ScanView";
import { useSellerPanel } from "../../../features/seller/sellerPanel";

export const Route = createFileRoute("/_auth/seller/scan")({
  component: function Scan() {
    const { go, requestTransfer } = useSellerPanel();
    return <ScanView go={go} onTransferRequest={requestTransfer} />;
  },
});
