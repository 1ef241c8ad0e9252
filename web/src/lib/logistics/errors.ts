/** The text of a failed call (the server's detail, or the connection message). */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "Error desconocido";
}
