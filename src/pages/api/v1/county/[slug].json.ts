import type { APIRoute, GetStaticPaths } from 'astro';
import { countyRecords, siteRecord } from '../../../../lib/site/collections.ts';
import type { CountyRecord } from '../../../../lib/contract/schemas.ts';
import { jsonResponse } from '../../../../lib/contract/json.ts';
import { countyDocument } from '../../../../lib/publication/api-documents.ts';

export const getStaticPaths = (async () =>
  (await countyRecords()).map((county) => ({ params: { slug: county.county_slug }, props: { county } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ county: CountyRecord }> = async ({ props }) => {
  const { meta } = await siteRecord();
  return jsonResponse(countyDocument(meta, props.county));
};
