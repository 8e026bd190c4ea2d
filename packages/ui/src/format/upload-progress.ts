/** Progress numbers for the upload bars: always what `XMLHttpRequest.upload.onprogress` reported. */

/** Whole percent of `loaded` out of `total`, 0–100; 0 while the total is unknown. */
export function toPercent(loaded: number, total: number): number {
  if (!Number.isFinite(loaded) || !Number.isFinite(total) || total <= 0 || loaded <= 0) return 0;
  return Math.min(100, Math.floor((loaded / total) * 100));
}

/** The share of several uploads together, weighted by size: `{ loaded, total }` per upload. */
export function combinePercent(parts: readonly { loaded: number; total: number }[]): number {
  let loaded = 0;
  let total = 0;
  for (const part of parts) {
    if (part.total <= 0) continue;
    total += part.total;
    loaded += Math.min(Math.max(part.loaded, 0), part.total);
  }
  return toPercent(loaded, total);
}

const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** 1536 → '1.5 KB'; sizes as the admin upload page shows them (Bytes, KB, MB or GB). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** exponent;
  const rounded = exponent === 0 ? String(Math.round(value)) : String(Math.round(value * 10) / 10);
  return `${rounded} ${UNITS[exponent]}`;
}
