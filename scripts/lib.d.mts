// Types of scripts/lib.mjs (plain Node, run without a build) for the TypeScript that imports it.
import type { SpawnOptions } from "node:child_process";

export const baseEnv: NodeJS.ProcessEnv;
export function run(cmd: string, args: string[], options?: SpawnOptions): Promise<void>;
export function ensureDevVars(): void;
/** every D1 binding of wrangler.toml */
export function d1Bindings(): string[];
/** each D1 binding's migrations folder (wrangler.toml's `migrations_dir`) */
export function migrationsDirs(): Map<string, string>;
export function migrateLocal(persistTo?: string): Promise<void>;
export function prepareLocalData(persistTo?: string): Promise<void>;
export function waitForHttp(url: string, timeoutMs?: number): Promise<void>;
