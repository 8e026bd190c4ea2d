/** The part of s3rver 3.x (CommonJS, no bundled types) that the test helpers use. */
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    serviceEndpoint?: string;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  class S3rver {
    constructor(options?: S3rverOptions);
    /** Resolves with the address actually bound (useful with port 0). */
    run(): Promise<{ address: string; family: string; port: number }>;
    close(): Promise<void>;
    reset(): void;
  }

  export default S3rver;
}
