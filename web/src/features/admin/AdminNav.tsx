import type { ComponentProps } from "react";
import { PlanSectionNav } from "../company/AreaSections";
import { ADMIN_AREA, type AdminSection } from "./sections";

type Props = Omit<ComponentProps<typeof PlanSectionNav<AdminSection>>, "area" | "badge"> & { pending: number | null };

function CountBadge({ count }: { count: number }) {
  return (
    <span
      data-testid="notifications-badge"
      className="ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white tabular-nums"
    >
      <span className="sr-only">Pendientes: </span>
      {count}
    </span>
  );
}

/** Sidebar on large screens, a sideways-scrolling tab strip on small ones (spec §2.1). */
export function AdminNav({ pending, ...nav }: Props) {
  return (
    <PlanSectionNav
      area={ADMIN_AREA}
      {...nav}
      badge={(section) =>
        section === "notifications" && pending !== null && pending > 0 ? <CountBadge count={pending} /> : null
      }
    />
  );
}
