// Types of scripts/precompress.mjs, for the TypeScript that uses it (gateway tests, benchmarks).
export declare const PRECOMPRESSIBLE: RegExp;
export declare const MIN_BYTES: number;
export interface PrecompressResult {
  file: string;
  bytes: number;
  /** Size of the `.br` copy, when one was written. */
  br?: number;
  /** Size of the `.gz` copy, when one was written. */
  gz?: number;
}
export declare function precompressFile(file: string): Promise<PrecompressResult>;
export declare function precompressDir(dir: string, files?: string[]): Promise<PrecompressResult[]>;
