// Census ZCTA gazetteer internal points: the Census layout or a `zcta,latitude,longitude` CSV.
import { readDelimited } from './readers.ts';
import { findColumn, headerIs, RowReader, zipsOutside } from './table.ts';

export interface Centroid {
  zcta: string;
  latitude: number;
  longitude: number;
}

export function parseGazetteer(text: string, file: string, keepZcta: (zcta: string) => boolean): Centroid[] {
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
  // Census ships tab-separated text whose last header carries trailing blanks (`INTPTLONG   `);
  // headers are matched trimmed, and columns by name, since copies reorder them.
  const isZctaHeader = headerIs('geoid', 'zcta', 'zcta5', 'zip');
  const table = readDelimited(text, file, { delimiter: firstLine.includes('\t') ? '\t' : ',', leaveOut: zipsOutside(isZctaHeader, keepZcta) });
  const zctaCol = findColumn(table, 'GEOID or zcta', isZctaHeader);
  const latCol = findColumn(table, 'INTPTLAT or latitude', headerIs('intptlat', 'latitude', 'lat'));
  const lonCol = findColumn(table, 'INTPTLONG or longitude', headerIs('intptlong', 'longitude', 'lon', 'lng'));
  const reader = new RowReader(table);
  const centroids: Centroid[] = [];
  for (let i = 0; i < table.rows.length; i++) {
    reader.at(i);
    const zcta = reader.code(zctaCol, 5, 'ZCTA');
    if (!keepZcta(zcta)) continue;
    const latitude = reader.number(latCol, 'latitude');
    const longitude = reader.number(lonCol, 'longitude');
    if (latitude === null || longitude === null) continue;
    if (Math.abs(latitude) > 90) reader.fail(latCol, `latitude ${latitude} is out of range`);
    if (Math.abs(longitude) > 180) reader.fail(lonCol, `longitude ${longitude} is out of range`);
    centroids.push({ zcta, latitude, longitude });
  }
  return centroids;
}
