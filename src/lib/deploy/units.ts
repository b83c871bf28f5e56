// The units of a national deployment on Cloudflare Workers (docs/deployment.md): a front Worker with
// the root's files, and one Worker per state with that state's build as its assets; the limits of
// the platform each unit must keep; and the Wrangler configuration of each. Pure: facts in, verdicts
// and configuration out (unit-files.ts reads the folders and writes the files).
import { stateBindingName } from '../serve/front.ts';

/**
 * Cloudflare's limits for a Worker with static assets
 * (developers.cloudflare.com/workers/platform/limits/, November 2026).
 */
export const PLATFORM_LIMITS = {
  free: { assetFiles: 20_000, workerBytes: 3 * 1024 * 1024, workers: 100 },
  paid: { assetFiles: 100_000, workerBytes: 10 * 1024 * 1024, workers: 500 },
  /** Every plan: one asset file. */
  assetFileBytes: 25 * 1024 * 1024,
} as const;
export type Plan = 'free' | 'paid';

/** What a unit holds, as counted from its folder. */
export interface UnitContents {
  /** `front`, or the state's folder (`mn`). */
  name: string;
  /** Asset files a version uploads. */
  files: number;
  largest: { path: string; bytes: number };
  /** The Worker's script as Wrangler bundles it, gzip-compressed, as the limit counts it. */
  scriptBytes: number;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

/** Each limit a unit passes, one line each: "mn: 5,055 asset files of 20,000 (25%)". */
export function unitReport(unit: UnitContents, plan: Plan): { line: string; over: boolean }[] {
  const limits = PLATFORM_LIMITS[plan];
  const pct = (part: number, whole: number) => `${Math.round((100 * part) / whole)}%`;
  return [
    { over: unit.files > limits.assetFiles, line: `${unit.name}: ${unit.files.toLocaleString('en-US')} asset files of ${limits.assetFiles.toLocaleString('en-US')} on the ${plan} plan (${pct(unit.files, limits.assetFiles)})` },
    { over: unit.largest.bytes > PLATFORM_LIMITS.assetFileBytes, line: `${unit.name}: largest file ${unit.largest.path}, ${mib(unit.largest.bytes)} of ${mib(PLATFORM_LIMITS.assetFileBytes)} (${pct(unit.largest.bytes, PLATFORM_LIMITS.assetFileBytes)})` },
    { over: unit.scriptBytes > limits.workerBytes, line: `${unit.name}: Worker script ${mib(unit.scriptBytes)} compressed of ${mib(limits.workerBytes)} on the ${plan} plan (${pct(unit.scriptBytes, limits.workerBytes)})` },
  ];
}

/** The whole deployment's count of Workers against the plan's. */
export const workersReport = (workers: number, plan: Plan) => ({ over: workers > PLATFORM_LIMITS[plan].workers, line: `${workers} Workers of ${PLATFORM_LIMITS[plan].workers} on the ${plan} plan` });

/** The settings both kinds of Worker share with wrangler.jsonc (the one-site Worker). */
const COMMON = {
  compatibility_date: '2025-09-15',
  compatibility_flags: ['nodejs_compat'],
  observability: { enabled: true },
} as const;
const ASSET_HANDLING = { binding: 'ASSETS', run_worker_first: true, html_handling: 'auto-trailing-slash', not_found_handling: 'none' } as const;

/** The Worker's name on the account: `mnrent` for the front, `mnrent-mn` for a state. */
export const workerName = (unit: string) => (unit === 'front' ? 'mnrent' : `mnrent-${unit}`);

/** Paths relative to the configuration file's folder, as Wrangler reads them. */
export interface ConfigPaths {
  main: string;
  assets: string;
}

/** A state's Worker: reached only through the front's binding, so no workers.dev address of its own. */
export const stateWorkerConfig = (folder: string, paths: ConfigPaths) => ({
  name: workerName(folder),
  main: paths.main,
  ...COMMON,
  workers_dev: false,
  preview_urls: false,
  assets: { directory: paths.assets, ...ASSET_HANDLING },
  vars: { STATE_PATH: `/${folder}` },
});

/** The front Worker: the root's files, and a binding to each state's Worker. */
export const frontWorkerConfig = (stateFolders: readonly string[], paths: ConfigPaths) => ({
  name: workerName('front'),
  main: paths.main,
  ...COMMON,
  assets: { directory: paths.assets, ...ASSET_HANDLING },
  services: stateFolders.map((folder) => ({ binding: stateBindingName(folder), service: workerName(folder) })),
});
