/** The spec's reading of a failed inventory submit (§8 'Inventory submit'). */
export function inventorySubmitError(message: string): string {
  if (message.includes("ValidationError")) {
    return "Error de formato en la respuesta del servidor (ValidationError). El equipo técnico debe revisar el formato de los datos.";
  }
  if (message.includes("Field required")) {
    return "Error de configuración del servidor: falta un campo requerido (Field required). Contacta al equipo técnico.";
  }
  if (message.toLowerCase().includes("balance")) {
    return "Error de balance en la distribución: verifica que en cada talla los pies izquierdos sean iguales a los derechos, que las ubicaciones existan y que tengas permisos sobre ellas.";
  }
  return `Error al procesar inventario: ${message}`;
}
