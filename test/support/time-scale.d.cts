export declare function timeScale(env?: NodeJS.ProcessEnv): number;
export declare function scaled(ms: number): number;
export declare const scale: number;
