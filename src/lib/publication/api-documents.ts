// What each JSON file of the API holds, made from the records: the endpoints answer with these, and
// the build script makes the same files from the dataset before Astro renders, so their compression
// can start while Astro bundles the site or waits for the rest of the dataset (lib/precompress.ts;
// a file whose bytes differ from what the endpoint writes is only compressed twice, never published
// wrong).
import type { Dataset, DatasetRecords } from '../derive/dataset.ts';
import type { ChangesDoc, ChangesRecord, CountyDetail, CountyRecord, Meta, MetaDoc, MetaRecord, SectionEight, SectionEightRecord, ZipDetail, ZipIndex, ZipRecord } from '../contract.ts';
import { toIndexRow } from '../contract-rows.ts';
import { JSON_TYPE, toJson } from '../json.ts';

export const zipDocument = (meta: Meta, zip: ZipRecord): ZipDetail => ({ meta, ...zip });
export const countyDocument = (meta: Meta, county: CountyRecord): CountyDetail => ({ meta, ...county });
export const zipIndexDocument = (meta: Meta, zips: readonly ZipRecord[]): ZipIndex => ({ meta, count: zips.length, zips: zips.map(toIndexRow) });
export const metaDocument = (meta: Meta, record: MetaRecord): MetaDoc => ({ meta, ...record });
export const sectionEightDocument = (meta: Meta, record: SectionEightRecord): SectionEight => ({ meta, ...record });
export const changesDocument = (meta: Meta, changes: ChangesRecord): ChangesDoc => ({ meta, ...changes });

/** A file's bytes and media type, as an endpoint answers. */
export interface ApiFileBytes {
  bytes: Uint8Array;
  mediaType: string;
}

const json = (value: unknown): ApiFileBytes => ({ bytes: Buffer.from(toJson(value)), mediaType: JSON_TYPE });

/** The API's files that follow from the records alone: every JSON document but meta's. */
export function recordApiFiles(records: DatasetRecords): ApiFileBytes[] {
  const { meta } = records;
  return [
    json(zipIndexDocument(meta, records.zips)),
    json(sectionEightDocument(meta, records.sectionEight)),
    json(changesDocument(meta, records.changes)),
    ...records.counties.map((county) => json(countyDocument(meta, county))),
    ...records.zips.map((zip) => json(zipDocument(meta, zip))),
  ];
}

/** The rest of the API's files that follow from the dataset: the bulk tables and the meta document. */
export function restApiFiles(dataset: Dataset): ApiFileBytes[] {
  return [...dataset.bulk, json(metaDocument(dataset.meta, dataset.metaRecord))];
}
