import type { BuildOptions, Plugin } from 'esbuild';

export declare const zodEnglishOnly: Plugin;
export declare const fastInkText: Plugin;
export declare const shipped: BuildOptions;
