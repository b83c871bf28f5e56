import writeExcelFile from 'write-excel-file/node';

type Value = string | number | null;

/** An .xlsx workbook made in code: one or more sheets of rows. */
export async function workbook(...sheets: { sheet: string; rows: Value[][] }[]): Promise<Buffer> {
  const data = sheets.map(({ sheet, rows }) => ({
    sheet,
    data: rows.map((row) => row.map((value) => (value === null ? null : { value }))),
  }));
  return Buffer.from(await writeExcelFile(data).toBuffer());
}
