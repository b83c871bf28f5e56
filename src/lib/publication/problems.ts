// The JSON error bodies under /api/: static RFC 9457 problem documents, one per status, that the
// shipped host configurations serve in place of an HTML error page.
import type { z } from 'zod';
import type { Problem } from '../contract/schemas.ts';
import { countySlug } from '../derive/places.ts';
import type { StateScope } from '../states.ts';
import { linksUnder } from '../contract/routes.ts';

export const PROBLEM_STATUSES = [400, 403, 404, 405, 414] as const;
export type ProblemStatus = (typeof PROBLEM_STATUSES)[number];

/** Where the built site keeps them: /api/problems/404.json and so on. */
export const problemPath = (status: ProblemStatus) => `/api/problems/${status}.json`;

// Paths as this build serves them: under its prefix ('' or '/wi') when several states share a host.
const detailOf = (state: StateScope, href: (path: string) => string): Record<ProblemStatus, [string, string]> => ({
  400: ['Bad Request', 'The request could not be understood.'],
  403: ['Forbidden', `There is nothing to list here: ask for a file, such as ${href('/api/v1/index.json')}.`],
  404: [
    'Not Found',
    `No such resource. A ZIP code is ${href('/api/v1/zip/{zip}.json')} for a five-digit ${state.name} ZIP code with a Fair Market Rent ` +
      `(every one is listed in ${href('/api/v1/index.json')}); a county is ${href('/api/v1/county/{slug}.json')}, e.g. ${countySlug(state.example.county)}.`,
  ],
  405: ['Method Not Allowed', 'This API is read-only: use GET or HEAD, and OPTIONS for CORS preflight.'],
  414: ['URI Too Long', 'The request URI is too long.'],
});

export function problemDocument(state: StateScope, status: ProblemStatus, pathPrefix: string): z.infer<typeof Problem> {
  const [title, detail] = detailOf(state, linksUnder(pathPrefix))[status];
  return { type: 'about:blank', title, status, detail };
}
