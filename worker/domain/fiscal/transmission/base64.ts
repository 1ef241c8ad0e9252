// The XML travels as base64 of its UTF-8 bytes: btoa and atob alone work on Latin-1 and would throw on
// (or mangle) "ñ", "á" and "€".

const CHUNK = 0x8000; // String.fromCharCode takes its bytes as arguments: keep each call small

export function utf8ToBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += CHUNK) parts.push(String.fromCharCode(...bytes.subarray(i, i + CHUNK)));
  return btoa(parts.join(""));
}

/** The text a base64 string encodes as UTF-8; throws on a string that is not base64. */
export function base64ToUtf8(base64: string): string {
  const binary = atob(base64);
  return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(
    Uint8Array.from(binary, (c) => c.charCodeAt(0)),
  );
}
