// The national deployment's pure parts: each unit against the platform's limits, the front's routing
// to a state's Worker, a state Worker's view of its own assets, the national tables' refusals of a
// state's bad file, and the Dataset markup's dates. The whole deployment runs in deployment.test.ts.
import { describe, expect, it } from 'vitest';
import { PLATFORM_LIMITS, unitReport, workersReport } from '../../src/lib/deploy/units.ts';
import { answerFront, filesUnder } from '../../src/lib/serve/front.ts';
import type { StaticFiles } from '../../src/lib/serve/edge.ts';
import { nationalBulkFiles, type StateTables } from '../../src/lib/publication/national-bulk.ts';
import { datasetMarkup, datasetScript } from '../../src/lib/publication/dataset-markup.ts';

const unit = (files: number, largest: number, script: number) => ({ name: 'tx', files, largest: { path: '/sitemap-0.xml', bytes: largest }, scriptBytes: script });
const overs = (report: { over: boolean }[]) => report.map((r) => r.over);

describe("each unit against Cloudflare's limits", () => {
  it('passes at each limit and is over one past it: 20,000 files free, 100,000 paid, 25 MiB a file, 3 MiB and 10 MiB a script', () => {
    const MiB = 1024 * 1024;
    expect(overs(unitReport(unit(20_000, 25 * MiB, 3 * MiB), 'free'))).toEqual([false, false, false]);
    expect(overs(unitReport(unit(20_001, 25 * MiB + 1, 3 * MiB + 1), 'free'))).toEqual([true, true, true]);
    expect(overs(unitReport(unit(20_001, 1, 3 * MiB + 1), 'paid'))).toEqual([false, false, false]);
    expect(unitReport(unit(13_004, 2 * MiB, 315_000), 'free')[0]?.line).toBe('tx: 13,004 asset files of 20,000 on the free plan (65%)');
    expect(workersReport(53, 'free')).toEqual({ over: false, line: '53 Workers of 100 on the free plan' });
    expect(PLATFORM_LIMITS.paid.assetFiles).toBe(100_000);
  });
});

const served = (name: string): StaticFiles => ({ fetch: (request) => Promise.resolve(new Response(`${name} ${new URL(request.url).pathname}`)) });

describe('the front Worker', () => {
  const mn = served('mn-worker');
  const route = async (path: string) => {
    const response = await answerFront(new Request(`https://rent.example.org${path}`), served('front-files'), (code) => (code === 'mn' ? mn : undefined));
    return `${response.status} ${response.headers.get('location') ?? (await response.text())}`;
  };

  it('hands a path under a state with a Worker to that Worker as it came, and keeps the rest', async () => {
    expect(await route('/mn/zip/55104/')).toBe('200 mn-worker /mn/zip/55104/');
    expect(await route('/mn/mcp')).toBe('200 mn-worker /mn/mcp');
    expect(await route('/mn')).toBe('301 /mn/');
    expect(await route('/mn?x=1')).toBe('301 /mn/?x=1');
    expect(await route('/')).toBe('200 front-files /');
    expect(await route('/api/v1/bulk/zips.csv')).toBe('200 front-files /api/v1/bulk/zips.csv');
    // A state with no Worker, and a path that only starts like one.
    expect(await route('/wi/')).toMatch(/^200 front-files \/wi\//);
    expect(await route('/mnx/')).toMatch(/^200 front-files \/mnx\//);
  });
});

describe("a state Worker's own assets under the state's path", () => {
  it('asks for the path without the prefix, refuses paths outside it, and puts the prefix back into a redirect', async () => {
    const assets: StaticFiles = {
      fetch: (request) => {
        const { pathname } = new URL(request.url);
        return Promise.resolve(pathname === '/zip/55104' ? new Response(null, { status: 307, headers: { location: '/zip/55104/' } }) : new Response(pathname));
      },
    };
    const files = filesUnder(assets, '/mn');
    expect(await (await files.fetch(new Request('https://x.org/mn/api/v1/meta.json'))).text()).toBe('/api/v1/meta.json');
    expect((await files.fetch(new Request('https://x.org/404.html'))).status).toBe(404);
    expect((await files.fetch(new Request('https://x.org/mnx/a'))).status).toBe(404);
    expect((await files.fetch(new Request('https://x.org/mn/zip/55104'))).headers.get('location')).toBe('/mn/zip/55104/');
  });
});

describe("the national tables refuse a state's bad file, naming it", () => {
  const resource = (name: string, fields: { name: string; type: 'string' | 'integer' | 'number' | 'boolean' | 'date' }[]) => ({ name, title: name, description: `${name} of the state.`, schema: { fields: fields.map((f) => ({ ...f, description: f.name })), primaryKey: [fields[0]?.name ?? ''] } });
  const zips = resource('zips', [{ name: 'zip', type: 'string' }, { name: 'fmr_br2', type: 'integer' }, { name: 'voucher_competitive', type: 'boolean' }]);
  const counties = resource('counties', [{ name: 'county_slug', type: 'string' }, { name: 'zip_count', type: 'integer' }]);
  const agencies = resource('housing_agencies', [{ name: 'code', type: 'string' }, { name: 'county_slug', type: 'string' }]);
  const agencyCounties = { ...resource('agency_counties', [{ name: 'code', type: 'string' }, { name: 'county_slug', type: 'string' }, { name: 'serves_here', type: 'string' }]), schema: { ...resource('agency_counties', [{ name: 'code', type: 'string' }, { name: 'county_slug', type: 'string' }, { name: 'serves_here', type: 'string' }]).schema, primaryKey: ['code', 'county_slug'] } };
  const table = (code: string, name: string, csv: string, of: ReturnType<typeof resource>) => ({ path: `${code.toLowerCase()}/api/v1/bulk/${name}.csv`, csv, resource: of });
  /** A state's tables; `older` leaves out the agencies' two, as a state built before them has. */
  const state = (code: string, zipsCsv: string, countiesCsv = 'county_slug,zip_count\n"a",1\n', older = false): StateTables => ({
    code,
    tables: {
      zips: table(code, 'zips', zipsCsv, zips),
      counties: table(code, 'counties', countiesCsv, counties),
      ...(older
        ? {}
        : {
            housing_agencies: table(code, 'housing_agencies', `code,county_slug\n"${code}001","a"\n`, agencies),
            agency_counties: table(code, 'agency_counties', `code,county_slug,serves_here\n"${code}001","a","all"\n`, agencyCounties),
          }),
    },
  });
  const build = (states: StateTables[]) => () => nationalBulkFiles(states, 'https://rent.example.org', 'Sources: HUD.');

  it('writes both states\' rows with their codes first, and refuses a cell that is not its type, a short row, other columns, or no state', () => {
    const files = build([state('MN', 'zip,fmr_br2,voucher_competitive\n"55104",1500,true\n'), state('WI', 'zip,fmr_br2,voucher_competitive\n"53703",1400,\n')])();
    expect(new TextDecoder().decode(files.find((f) => f.name === 'zips.csv')?.bytes)).toBe('"state","zip",fmr_br2,voucher_competitive\n"MN","55104",1500,true\n"WI","53703",1400,\n');
    expect(files.map((f) => f.name)).toEqual(['zips.csv', 'counties.csv', 'housing_agencies.csv', 'agency_counties.csv', 'zips.parquet', 'counties.parquet', 'housing_agencies.parquet', 'agency_counties.parquet', 'datapackage.json']);
    expect(new TextDecoder().decode(files.find((f) => f.name === 'agency_counties.csv')?.bytes)).toBe('"state","code","county_slug","serves_here"\n"MN","MN001","a","all"\n"WI","WI001","a","all"\n');
    // A state built before the agencies' tables adds none of their rows; if no state has them, one line says so.
    const mixed = build([state('MN', 'zip,fmr_br2,voucher_competitive\n"55104",1500,true\n'), state('WI', 'zip,fmr_br2,voucher_competitive\n"53703",1400,\n', undefined, true)])();
    expect(new TextDecoder().decode(mixed.find((f) => f.name === 'housing_agencies.csv')?.bytes)).toBe('"state","code","county_slug"\n"MN","MN001","a"\n');
    expect(build([state('WI', 'zip,fmr_br2,voucher_competitive\n"53703",1400,\n', undefined, true)])).toThrow('no state here has housing_agencies.csv: build a state with this version first');
    expect(build([state('MN', 'zip,fmr_br2,voucher_competitive\n"55104",15x0,true\n')])).toThrow('mn/api/v1/bulk/zips.csv, row 2, column fmr_br2: "15x0" is not a whole number; rebuild the state');
    expect(build([state('MN', 'zip,fmr_br2,voucher_competitive\n"55104",1500,yes\n')])).toThrow('mn/api/v1/bulk/zips.csv, row 2, column voucher_competitive: "yes" is not true or false; rebuild the state');
    expect(build([state('MN', 'zip,fmr_br2,voucher_competitive\n"55104",1500\n')])).toThrow('mn/api/v1/bulk/zips.csv, row 2: 2 cells for 3 columns; rebuild the state');
    expect(build([state('MN', 'zip,fmr_br2\n"55104",1500\n')])).toThrow('mn/api/v1/bulk/zips.csv: the header row is not the columns its datapackage.json names; rebuild the state');
    expect(build([])).toThrow('no state is built here: the national tables need at least one');
  });
});

describe('the Dataset markup', () => {
  const facts = { name: 'Rent', description: 'd', url: 'https://x.org/docs/', publisher: { name: 'P', url: 'https://x.org/' }, spatialCoverage: 'Minnesota, United States', fiscalYears: [2021, 2022, 2026], dateModified: '2026-11-29', files: [{ name: 'zips.csv', url: 'https://x.org/api/v1/bulk/zips.csv', mediaType: 'text/csv; charset=utf-8' }] };

  it('covers the fiscal years from 1 October of the first year before to 30 September of the last, and names each file by its media type', () => {
    const markup = datasetMarkup(facts) as unknown as { temporalCoverage: string; distribution: { encodingFormat: string }[] };
    expect(markup.temporalCoverage).toBe('2020-10-01/2026-09-30');
    expect(markup.distribution[0]?.encodingFormat).toBe('text/csv');
  });

  it('cannot close its script element, whatever a name holds', () => {
    const text = datasetScript({ ...facts, name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect((JSON.parse(text) as { name: string }).name).toBe('</script><script>alert(1)</script>');
  });
});
