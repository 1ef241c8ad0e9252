import { useState } from "react";
import { Panel } from "../../../lib/ui/Panel";
import { WebReservationsPanel } from "../../company/WebReservationsPanel";
import { LocationFilter } from "../LocationFilter";
import { useLocationOptions } from "../useLocationOptions";

/** Notificaciones → "Reservas web": the online store's reservations, every store's or the one chosen. */
export function WebReservationsSection() {
  const [location, setLocation] = useState("");
  const places = useLocationOptions();
  const stores = (places.list ?? []).filter((l) => !("type" in l) || l.type === "local");
  return (
    <Panel title="Reservas web" description="Lo que los clientes apartan desde la tienda en línea, por tienda">
      <div className="mb-3 max-w-xs">
        <LocationFilter id="web-reservations-store" value={location} onChange={setLocation} locations={stores} />
      </div>
      <WebReservationsPanel area="admin" locationId={location ? Number(location) : null} />
    </Panel>
  );
}
