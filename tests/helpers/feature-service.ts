import Papa from 'papaparse';

/**
 * An export of HUD's agency layer (the snapshot's CSV) as the feature service answers a query:
 * `{ features: [{ attributes }] }`, the address in the STD_* fields apart, for the codes `keep` keeps.
 */
export function asFeatureService(csv: string, keep: (code: string) => boolean): string {
  const rows = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data.filter((r) => keep(r.PARTICIPANT_CODE ?? ''));
  const features = rows.map(({ FULL_ADDRESS: address = '', SECTION8_UNITS_CNT: vouchers, ...rest }) => {
    const [street, city, st, zip] = address.split(', ');
    return { attributes: { ...rest, SECTION8_UNITS_CNT: Number(vouchers), STD_ADDR: street === 'nan' ? null : street, STD_CITY: city, STD_ST: st, STD_ZIP5: zip } };
  });
  return JSON.stringify({ features, exceededTransferLimit: false });
}
