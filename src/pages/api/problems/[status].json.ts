import type { APIRoute, GetStaticPaths } from 'astro';
import { jsonResponse } from '../../../lib/contract/json.ts';
import { siteContext, siteRecord } from '../../../lib/site/collections.ts';
import { PROBLEM_STATUSES, problemDocument, type ProblemStatus } from '../../../lib/publication/problems.ts';

export const getStaticPaths = (() => PROBLEM_STATUSES.map((status) => ({ params: { status: String(status) } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => jsonResponse(problemDocument((await siteContext()).state, Number(params.status) as ProblemStatus, (await siteRecord()).pages.prefix), 'application/problem+json');
