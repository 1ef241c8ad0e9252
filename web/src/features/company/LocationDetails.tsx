import type { ReactNode } from "react";
import { formatWhatsapp } from "../../../../shared/contact";

type Location = {
  address?: string | null;
  phone?: string | null;
  manager_name?: string | null;
  opening_hours?: string | null;
  /** 10 digits as stored; shown as "300 123 4567" */
  whatsapp?: string | null;
  type: string;
  capacity: number | null;
};

/**
 * A location card's lines: address, phone, a store's hours and WhatsApp, manager and a warehouse's
 * capacity (as `capacity` shows it), then `children`.
 */
export function LocationDetails({
  location,
  capacity,
  children,
}: {
  location: Location;
  capacity: (value: number) => ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mt-1 space-y-0.5 text-sm break-words text-stone-600">
      {location.address && <p>{location.address}</p>}
      {location.phone && <p>{location.phone}</p>}
      {location.opening_hours && <p>Horario: {location.opening_hours}</p>}
      {location.whatsapp && <p>WhatsApp: {formatWhatsapp(location.whatsapp)}</p>}
      {location.manager_name && <p>Encargado: {location.manager_name}</p>}
      {location.type === "bodega" && location.capacity !== null && <p>Capacidad: {capacity(location.capacity)}</p>}
      {children}
    </div>
  );
}
