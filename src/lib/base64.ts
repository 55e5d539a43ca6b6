// The 2FA route carries the email as base64 (docs/product.md#routes). btoa alone throws on
// non-Latin-1 characters, so the text goes through UTF-8 bytes first.

export function encodeBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** null when the input is not base64 of valid UTF-8 (a hand-edited link). */
export function decodeBase64(encoded: string): string | null {
  try {
    const binary = atob(encoded);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
