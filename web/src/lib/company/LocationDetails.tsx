import type { ReactNode } from "react";

type Location = {
  address?: string | null;
  phone?: string | null;
  manager_name?: string | null;
  type: string;
  capacity: number | null;
};

/** A location card's lines: address, phone, manager and a warehouse's capacity (as `capacity` shows it), then `children`. */
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
    <div className="mt-1 space-y-0.5 text-sm text-stone-600">
      {location.address && <p>{location.address}</p>}
      {location.phone && <p>{location.phone}</p>}
      {location.manager_name && <p>Encargado: {location.manager_name}</p>}
      {location.type === "bodega" && location.capacity !== null && <p>Capacidad: {capacity(location.capacity)}</p>}
      {children}
    </div>
  );
}
