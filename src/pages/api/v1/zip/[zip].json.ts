import type { APIRoute, GetStaticPaths } from 'astro';
import { siteRecord, zipRecords } from '../../../../lib/site/collections.ts';
import type { ZipRecord } from '../../../../lib/contract/schemas.ts';
import { jsonResponse } from '../../../../lib/contract/json.ts';
import { zipDocument } from '../../../../lib/publication/api-documents.ts';

export const getStaticPaths = (async () =>
  (await zipRecords()).map((zip) => ({ params: { zip: zip.zip }, props: { zip } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ zip: ZipRecord }> = async ({ props }) => {
  const { meta } = await siteRecord();
  return jsonResponse(zipDocument(meta, props.zip));
};
