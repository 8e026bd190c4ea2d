// Types of scripts/test-scratch.mjs, for the TypeScript that imports it (the Playwright config).
export declare function useFastScratchFolder(): string | undefined;
