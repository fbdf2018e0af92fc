/** See chromium-args.mjs: the Chromium flags of every browser test and benchmark. */
export declare const CHROMIUM_ARGS: string[];
