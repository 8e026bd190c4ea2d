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

  /** An object as the store receives it from a PUT (lib/models/object.js). */
  interface S3rverObject {
    bucket: string;
    key: string;
    metadata: Record<string, string>;
    content: NodeJS.ReadableStream | Buffer;
  }

  /** The folder store (lib/stores/filesystem.js): the parts s3-server.ts replaces or calls. */
  interface FilesystemStore {
    getResourcePath(bucket: string, key: string | undefined, resource: string): string;
    putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
    putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
  }

  class S3rver {
    constructor(options?: S3rverOptions);
    store: FilesystemStore;
    /** Resolves with the address actually bound (useful with port 0). */
    run(): Promise<{ address: string; family: string; port: number }>;
    close(): Promise<void>;
    reset(): void;
  }

  export default S3rver;
}
