// What each JSON file of the API holds, made from the records: the endpoints answer with these, and
// the docs page's examples show them.
import type { ChangesDoc, ChangesRecord, CountyDetail, CountyRecord, Meta, MetaDoc, MetaRecord, SectionEight, SectionEightRecord, ZipDetail, ZipIndex, ZipRecord } from '../contract/schemas.ts';
import { toIndexRow } from '../contract/rows.ts';

export const zipDocument = (meta: Meta, zip: ZipRecord): ZipDetail => ({ meta, ...zip });
export const countyDocument = (meta: Meta, county: CountyRecord): CountyDetail => ({ meta, ...county });
export const zipIndexDocument = (meta: Meta, zips: readonly ZipRecord[]): ZipIndex => ({ meta, count: zips.length, zips: zips.map(toIndexRow) });
export const metaDocument = (meta: Meta, record: MetaRecord): MetaDoc => ({ meta, ...record });
export const sectionEightDocument = (meta: Meta, record: SectionEightRecord): SectionEight => ({ meta, ...record });
export const changesDocument = (meta: Meta, changes: ChangesRecord): ChangesDoc => ({ meta, ...changes });
