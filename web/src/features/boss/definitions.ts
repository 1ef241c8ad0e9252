/** How each figure is defined (docs/business-rules.md "How figures are defined"), shown next to figures that could be misread. */

export const DEF_SALES =
  "Ventas netas: solo ventas completadas (una venta rechazada no cuenta), por fecha de venta, en días calendario de Bogotá (UTC−5), menos lo devuelto a los clientes ese día (ventas brutas − devoluciones).";

export const DEF_STOCK_VALUE =
  "Valor del inventario: (pares + unidades de exhibición) × precio unitario; cada pie suelto vale la mitad del precio unitario.";

export const DEF_COMPARISON =
  "Cambio = (actual − anterior) / anterior. «Sube» por encima de +1 %, «Baja» por debajo de −1 %, «Estable» entre ambos; «Nuevo» cuando el valor anterior era 0 (no hay porcentaje). Hoy se compara con el día anterior hasta la misma hora (un día ya cerrado, con el día anterior completo); el mes hasta hoy con los mismos días del mes anterior, el último hasta la misma hora; el inventario y las transferencias pendientes con el inicio del día.";

export const DEF_COSTS =
  "Costos operativos del período: cada costo activo llevado a los días del período (diario × 365/12 al mes, semanal × 52/12, trimestral ÷ 3, anual ÷ 12). Costos totales = costos operativos + gastos registrados en el período.";

export const DEF_GOODS =
  "Costo de la mercancía: cada par vendido al costo que tenía el producto cuando se vendió, menos los pares que los clientes devolvieron en el período a ese mismo costo (vuelven al inventario). Margen bruto = (ventas netas − costo de la mercancía) / ventas netas, sobre las ventas de productos con costo registrado.";

export const DEF_PROFIT =
  "Utilidad neta = ventas netas − costo de la mercancía − costos totales. Margen neto = utilidad neta / ventas netas (0 % sin ventas).";

export const DEF_EFFICIENCY =
  "Eficiencia: ventas del mes hasta la fecha de la ubicación como porcentaje de las de la ubicación que más vendió.";

export const DEF_SINGLE_FEET =
  "Pies sueltos: pies izquierdos o derechos sin su par; se cuentan aparte y no se suman a los pares.";

export function defInventoryAlerts(lowPairs: number, overPairs: number): string {
  return `Alertas por producto y ubicación (sumando sus tallas), con los pares disponibles (sin los reservados para transferencias, más los de exhibición): poco stock = 1 a ${lowPairs} pares, o hasta el umbral que el administrador fijó en una alerta de inventario de esa ubicación; agotado = 0 pares (pueden quedar pies sueltos, contados aparte); sobrestock = más de ${overPairs} pares.`;
}
