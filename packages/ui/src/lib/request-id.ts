/**
 * A fresh random UUID (v4) naming one action a form sends, so that the server records it once however often
 * it is sent again. `crypto.randomUUID` exists only on secure pages (https, localhost); elsewhere the same
 * 122 random bits come from `crypto.getRandomValues`, which every browser has.
 */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false)
    return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
