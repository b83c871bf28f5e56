// Example responses for the docs page: real records, with long lists cut so a reader sees the shape.
import { toIndexRow, type ChangesRecord, type CountyRecord, type Meta, type MetaRecord, type SectionEightRecord, type ZipRecord } from '../contract.ts';

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
  return {
    listZips: json({ meta: e.meta, count: e.indexRows.length, zips: cut(e.indexRows.map(toIndexRow), 1) }),
    getZip: json({ meta: e.meta, ...e.zip, zori_monthly: cut(e.zip.zori_monthly, 2), nearby: cut(e.zip.nearby, 2) }),
    getCounty: json({ meta: e.meta, ...e.county, zips: cut(e.county.zips, 1) }),
    getSectionEight: json({ meta: e.meta, ...e.sectionEight, rows: cut(e.sectionEight.rows, 2) }),
    getChanges: json({ meta: e.meta, ...e.changes, entries: cut(e.changes.entries, 1) }),
    getMeta: json({ meta: e.meta, ...e.record, vintages: { hud_safmr: { ...e.record.vintages.hud_safmr, files: cut(e.record.vintages.hud_safmr.files, 1) } }, bulk: cut(e.record.bulk, 2) }),
  };
}
