// How every command of the project ends: expected errors as one line and an exit code, `--help` as
// usage and exit 0, anything else (a bug of ours) with its stack, for the maintainer who fixes it.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ExpectedError, isSourceError } from '../lib/errors.ts';
import { languagesFromList, type LanguageScope } from '../lib/languages.ts';
import { stateByCode, stateCodeIn, STATES, type StateScope } from '../lib/states.ts';

/** A bad command line: exit 2 and the message (which says what to type instead). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** `npm run build`'s flags, which `npm run site` hands on to it. */
export const BUILD_OPTIONS = {
  site: { type: 'string' },
  base: { type: 'string' },
  outDir: { type: 'string' },
  state: { type: 'string' },
  languages: { type: 'string' },
  'mcp-url': { type: 'string' },
  'report-url': { type: 'string' },
  'accept-changes': { type: 'boolean' },
  'no-compress': { type: 'boolean' },
} as const;

/** The state a command works for: `--state`, else MNRENT_STATE, else Minnesota; `option` names the flag in the error. */
export function stateOption(given: string | undefined, option = '--state'): StateScope {
  const code = given ?? stateCodeIn(process.env);
  const state = stateByCode(code);
  if (!state) throw new UsageError(`${option} ${code} is not a state code; one of ${STATES.map((s) => s.code).join(' ')}`);
  return state;
}

/** `--languages en,es` as the build's languages (every language when not given), or a usage error saying what to change. */
export function languagesOption(given: string | undefined): readonly LanguageScope[] {
  const languages = languagesFromList(given);
  if (typeof languages === 'string') throw new UsageError(`--languages ${given ?? ''}: ${languages}`);
  return languages;
}

/** Where a one-line refusal of a command line points for the rest. */
const SEE_HELP = '(--help prints the usage)';

/**
 * A bad command line in one line: a UsageError's first line, or parseArgs' own refusal (an unknown
 * flag, a missing value), with where the usage is when the message went on to print it.
 */
export function commandLineProblem(error: unknown): string | undefined {
  const parseArgsRefused = error instanceof TypeError && String((error as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS_');
  if (!(error instanceof UsageError) && !parseArgsRefused) return undefined;
  const [first = '', ...rest] = error.message.split('\n');
  return parseArgsRefused || rest.length > 0 ? `${first} ${SEE_HELP}` : first;
}

const isExpected = (error: unknown): error is Error => isSourceError(error) || error instanceof ExpectedError;

/**
 * Runs `main` as the command `name`. `--help` or `-h` anywhere prints `usage` and exits 0.
 * `main` resolves to the exit code. Exits at once on an expected error: other work (workers
 * parsing the rest of the sources) may still be running, and nothing needs it any more.
 * `doing` says what `main` is waiting for, for the one case that is always a bug: Node ends a
 * process whose work waits on nothing that can still happen, and with exit code 0, as if it had
 * succeeded.
 */
export function runCommand(name: string, usage: string, main: () => Promise<number>, doing?: () => string): void {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  // Every way `main` ends calls process.exit; Node empties its event loop first only when main is stuck.
  process.once('beforeExit', () => {
    process.stderr.write(`${name} failed unexpectedly: it stopped before it finished, with nothing left to wait for${doing ? ` (${doing()})` : ''}\n`);
    process.exit(1);
  });
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const badCommandLine = commandLineProblem(error);
      if (badCommandLine !== undefined) {
        process.stderr.write(`${name} failed: ${badCommandLine}\n`);
        process.exit(2);
      }
      if (isExpected(error)) {
        process.stderr.write(`${name} failed: ${error.message}\n`);
        process.exit(1);
      }
      process.stderr.write(`${name} failed unexpectedly:\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}

/** A bad command line of a command that parses before runCommand: one line, exit 2. */
function usageFailure(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(2);
}

/** `[--dir DIR] [--port N] [--host ADDR]` of the serve commands (and `--states mn,tx` where `withStates`); `--help` prints `usage`, a bad one exits 2 in one line. */
export function serveOptions(argv: string[], usage: string, defaultPort: number, withStates = false): { dir: string; port: number; host: string; states: string[] | undefined } {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  let values: { dir?: string | undefined; port?: string | undefined; host?: string | undefined; states?: string | undefined } = {};
  try {
    ({ values } = parseArgs({ args: argv, options: { dir: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' }, states: { type: 'string' } } }));
    if (values.states !== undefined && !withStates) throw new Error("Unknown option '--states'");
  } catch (error) {
    usageFailure(`${(error as Error).message} ${SEE_HELP}`);
  }
  const port = Number(values.port ?? defaultPort);
  if (!Number.isInteger(port) || port < 1 || port > 65535) usageFailure(`--port ${values.port} is not a port number`);
  const states = values.states?.split(',').map((code) => code.trim().toLowerCase()).filter(Boolean);
  const unknown = states?.find((code) => !STATES.some((s) => s.code.toLowerCase() === code));
  if (unknown !== undefined) usageFailure(`--states: ${unknown} is not a state code`);
  return { dir: values.dir ?? 'dist', port, host: values.host ?? '127.0.0.1', states };
}

/** The folder a serve command serves, whole path: a built site or a folder of states, else exit 1 saying so. */
export function servedFolder(command: string, dir: string): string {
  const site = resolve(dir);
  if (!existsSync(join(site, 'api', 'v1', 'meta.json')) && !existsSync(join(site, 'states.json'))) {
    process.stderr.write(`${command}: ${site} is not a built site (no api/v1/meta.json) or folder of states (no states.json); run npm run build first\n`);
    process.exit(1);
  }
  return site;
}

/** How long a server is given to stop on Ctrl-C or SIGTERM (Deno waits for open connections) before it is killed. */
const STOP_GRACE_MS = 3_000;

/** A server process in the foreground: Ctrl-C (or SIGTERM) stops it, and its exit is the command's; it never outlives the command. */
export function inForeground(child: ChildProcess): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      child.kill(signal);
      setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS).unref();
    });
  }
  child.once('exit', (code) => process.exit(code ?? 1));
}
