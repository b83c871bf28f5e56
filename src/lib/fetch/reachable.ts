// Whether the publishers can be reached at all, found in seconds: one TCP connection per host (name
// lookup included) with a short time limit, all hosts at once. Without it an offline fetch spends
// its retries' back-off on every file (93 s for 13 files) before saying what one look shows.
import { connect } from 'node:net';

/** How long the look at each publisher's host waits for a connection, before any download. */
export const PROBE_TIMEOUT_MS = 5000;

/** Why a host cannot be reached ("no DNS answer (EAI_AGAIN)"), or undefined when it accepted a connection. */
export type HostProbe = (url: URL) => Promise<string | undefined>;

const WORDS: Record<string, string> = {
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'no DNS answer',
  ECONNREFUSED: 'connection refused',
  ENETUNREACH: 'network unreachable',
  EHOSTUNREACH: 'host unreachable',
  ECONNRESET: 'connection reset',
};

/** A TCP connection to the URL's host and port, given up after `timeoutMs`. */
export function connectProbe(timeoutMs: number): HostProbe {
  return (url) =>
    new Promise((resolve) => {
      const port = Number(url.port || (url.protocol === 'http:' ? 80 : 443));
      const socket = connect({ host: url.hostname, port, timeout: timeoutMs });
      const done = (why: string | undefined) => {
        socket.destroy();
        resolve(why);
      };
      socket.once('connect', () => done(undefined));
      socket.once('timeout', () => done(`no answer within ${timeoutMs / 1000} s`));
      socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ? `${WORDS[error.code] ?? 'cannot connect'} (${error.code})` : error.message));
    });
}

/** The host of a manifest URL, whose templates (`{YYYY}`, `{file}`) lie in its path and query only. */
export const hostOf = (url: string): URL => new URL(new URL(url.replace(/\{[^}]*\}/g, 'x')).origin);

/** Each host of the URLs (by origin) mapped to why it cannot be reached, or undefined; probed at once. */
export async function probeHosts(urls: readonly string[], probe: HostProbe): Promise<Map<string, string | undefined>> {
  const origins = [...new Set(urls.map((u) => hostOf(u).origin))].sort();
  const answers = await Promise.all(origins.map((origin) => probe(new URL(origin))));
  return new Map(origins.map((origin, i) => [origin, answers[i]]));
}

/** "offline" when no host answered, with the reasons in one clause: what the fetch and the site command say. */
export function describeUnreachable(hosts: ReadonlyMap<string, string | undefined>): { offline: boolean; down: string[]; clause: string } {
  const down = [...hosts].filter(([, why]) => why !== undefined);
  const clause = down.map(([origin, why]) => `${new URL(origin).host}: ${why ?? ''}`).join('; ');
  return { offline: hosts.size > 0 && down.length === hosts.size, down: down.map(([origin]) => origin), clause };
}
