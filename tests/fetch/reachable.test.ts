// Offline in seconds: one look at each publisher's host before the downloads, and every file of a
// host that did not answer failing at once, without its retries.
import { createServer } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fetchSources } from '../../src/lib/fetch/fetch-sources.ts';
import { connectProbe, describeUnreachable, hostOf, probeHosts } from '../../src/lib/fetch/reachable.ts';
import { MINNESOTA } from '../../src/lib/states.ts';
import { freePort } from '../helpers/servers.ts';
import { startSourceServer } from '../helpers/source-server.ts';

describe('the look at each host', () => {
  it('takes the host of a templated manifest URL', () => {
    expect(hostOf('https://www.huduser.gov/portal/datasets/fmr/fmr{YYYY}/{file}').origin).toBe('https://www.huduser.gov');
    expect(hostOf('http://127.0.0.1:8080/mirror').origin).toBe('http://127.0.0.1:8080');
  });

  it('finds a listening port open and a closed one refused, on loopback', async () => {
    const server = createServer((socket) => socket.destroy());
    const open = await freePort();
    await new Promise<void>((resolve) => server.listen(open, '127.0.0.1', resolve));
    const closed = await freePort();
    try {
      const hosts = await probeHosts([`http://127.0.0.1:${open}/a/{file}`, `http://127.0.0.1:${closed}/b`], connectProbe(5000));
      expect(Object.fromEntries(hosts)).toEqual({ [`http://127.0.0.1:${closed}`]: 'connection refused (ECONNREFUSED)', [`http://127.0.0.1:${open}`]: undefined });
      expect(describeUnreachable(hosts)).toMatchObject({ offline: false, down: [`http://127.0.0.1:${closed}`] });
    } finally {
      server.close();
    }
  });

  it('calls it offline only when no host answered', () => {
    const hosts = new Map([
      ['https://www.huduser.gov', 'no DNS answer (EAI_AGAIN)'],
      ['https://files.zillowstatic.com', 'no DNS answer (EAI_AGAIN)'],
    ]);
    expect(describeUnreachable(hosts)).toEqual({
      offline: true,
      down: ['https://www.huduser.gov', 'https://files.zillowstatic.com'],
      clause: 'www.huduser.gov: no DNS answer (EAI_AGAIN); files.zillowstatic.com: no DNS answer (EAI_AGAIN)',
    });
  });
});

describe('a fetch whose host does not answer', () => {
  it('fails each of its files at once, sends it no request, and says how to supply the file', async () => {
    const server = await startSourceServer();
    const scratch = await mkdtemp(join(tmpdir(), 'mnrent-reach-'));
    const asked: string[] = [];
    try {
      const manifest = { sources: [{ dataset: 'geonames' as const, file: 'US.txt', url: `${server.url}/geonames/US.txt`, format: 'txt', licence: 'CC BY 4.0' }] };
      const results = await fetchSources({
        sourcesDir: scratch,
        manifest,
        state: MINNESOTA,
        env: {},
        idleTimeoutMs: 60_000,
        deadlineMs: 600_000,
        retries: 3,
        backoffMs: 60_000,
        now: () => new Date('2026-01-15T12:00:00Z'),
        asOf: '2026-01-15',
        progress: { start() {}, update() {}, note() {}, finish() {} },
        probe: (url) => {
          asked.push(url.origin);
          return Promise.resolve('no DNS answer (EAI_AGAIN)');
        },
      });
      expect(asked).toEqual([server.url]);
      expect(server.requests).toEqual([]);
      expect(results).toEqual([
        {
          key: 'geonames/US.txt',
          outcome: 'failed',
          unreachable: true,
          detail: `could not download ${server.url}/geonames/US.txt: 127.0.0.1:${new URL(server.url).port} cannot be reached (no DNS answer (EAI_AGAIN)). Download it by hand from ${server.url}/geonames/US.txt and save it as ${join(scratch, 'geonames', 'US.txt')}.`,
        },
      ]);
    } finally {
      await server.close();
      await rm(scratch, { recursive: true, force: true });
    }
  });
});
