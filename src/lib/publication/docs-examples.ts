// Example responses for the docs page: real records, with long lists cut so a reader sees the shape.
import type { ChangesRecord, CountyRecord, Meta, MetaRecord, SectionEightRecord, ZipRecord } from '../contract/schemas.ts';
import { changesDocument, countyDocument, sectionEightDocument, zipDocument, zipIndexDocument } from './api-documents.ts';

const cut = <T>(items: readonly T[], keep: number) => items.slice(0, keep);

export interface Examples {
  zip: ZipRecord;
  county: CountyRecord;
  sectionEight: SectionEightRecord;
  meta: Meta;
  record: MetaRecord;
  indexRows: readonly ZipRecord[];
  changes: ChangesRecord;
}

/** The example body of each operation, as JSON text (lists shortened, marked by a comment line). */
export function exampleResponses(e: Examples): Record<string, string> {
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  const index = zipIndexDocument(e.meta, e.indexRows);
  return {
    listZips: json({ ...index, zips: cut(index.zips, 1) }),
    getZip: json(zipDocument(e.meta, { ...e.zip, zori_monthly: cut(e.zip.zori_monthly, 2), nearby: cut(e.zip.nearby, 2) })),
    getCounty: json(countyDocument(e.meta, { ...e.county, zips: cut(e.county.zips, 1) })),
    getSectionEight: json(sectionEightDocument(e.meta, { ...e.sectionEight, rows: cut(e.sectionEight.rows, 2) })),
    getChanges: json(changesDocument(e.meta, { ...e.changes, entries: cut(e.changes.entries, 1) })),
    getMeta: json({ meta: e.meta, ...e.record, vintages: { hud_safmr: { ...e.record.vintages.hud_safmr, files: cut(e.record.vintages.hud_safmr.files, 1) } }, bulk: cut(e.record.bulk, 2) }),
  };
}
