import { AdministradoresPanel } from "../../staff/AdministradoresPanel";
import { BOSS_ADMINISTRADORES } from "../mutations";

/** Personal: the company's administradores, who run the day-to-day staff, locations and inventory. */
export function StaffSection() {
  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-600">
        Los administradores gestionan el personal (vendedores, bodegueros y corredores), las ubicaciones y el inventario
        de la empresa. Aquí creas sus cuentas, cambias su contraseña si la olvidan y desbloqueas las cuentas bloqueadas
        por intentos fallidos.
      </p>
      <div className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
        <AdministradoresPanel staff={BOSS_ADMINISTRADORES} />
      </div>
    </div>
  );
}
