// The bulk files: the whole dataset as CSV and Parquet tables, and their data package.
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadedDataset } from '../../../../lib/dataset/in-process.ts';

const files = () => {
  const dataset = loadedDataset();
  if (!dataset) throw new Error('the dataset is not loaded: the content collections load it before pages render');
  return dataset.bulk;
};

export const getStaticPaths = (() => files().map((file) => ({ params: { file: file.name } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const file = files().find((f) => f.name === params.file);
  if (!file) return new Response(null, { status: 404 });
  return new Response(file.bytes, { headers: { 'Content-Type': file.mediaType } });
};
