// The change log as an Atom feed (the `feed` library), for newsrooms and housing authorities.
import { escapeMarkup } from '../markup.ts';
import { Feed } from 'feed';
import type { ChangeEntry, ChangesRecord, Meta } from '../contract/schemas.ts';
import { money } from '../contract/present.ts';
import { CHANGES_FEED_PATH, changeAnchor, pagePath, siteUrls } from '../contract/routes.ts';
import { serviceName } from '../contract/service.ts';
import type { StateScope } from '../states.ts';

/** The most changed ZIP codes an entry lists in words; the JSON has all of them. */
export const LISTED_CHANGES = 50;

/** Dollar fields of the change log: rents, FMRs, spreads and their medians (not years, counts or percents). */
const DOLLARS = /^(fmr|area_fmr)\.br\d$|^zori_latest\.rent$|^acs\.median_gross_rent$|^(area_)?spread$|^medians\.(fmr2|market_rent|area_fmr2)$/;

/** A changed value as people read it: `$1,530`, `−$392`, `15.9%`, `none`. */
function shown(field: string, value: string | number | boolean | null): string {
  if (value === null) return 'none';
  if (typeof value === 'number' && DOLLARS.test(field)) return money(value);
  if (typeof value === 'number' && field.endsWith('_pct')) return `${value}%`;
  return String(value);
}

export const entryTitle = (entry: ChangeEntry) => (entry.first_publication ? `First publication, ${entry.generated_at.slice(0, 10)}` : `Data changed on ${entry.generated_at.slice(0, 10)}`);

/** One line per changed ZIP: "55104: fmr.br2 $1,530 → $1,500; …". */
export function changedZipLines(entry: ChangeEntry, most = LISTED_CHANGES): string[] {
  return entry.zips.changed.slice(0, most).map((z) => `${z.zip}: ${z.fields.map((f) => `${f.field} ${shown(f.field, f.old)} → ${shown(f.field, f.new)}`).join('; ')}`);
}

export function changesAtom(state: StateScope, record: ChangesRecord, meta: Meta, site: string): string {
  const urls = siteUrls(site);
  const page = urls.base + pagePath.changes;
  const feed = new Feed({
    id: page,
    title: `${serviceName(state)}: what changed`,
    description: 'Each build that changed published rents: ZIP codes and counties added, removed and changed, and every cut in a 2-bedroom Fair Market Rent.',
    link: page,
    updated: new Date(record.generated_at),
    generator: false,
    language: 'en',
    feedLinks: { atom: urls.base + CHANGES_FEED_PATH },
    // RFC 4287 wants an author for the feed (or every entry): the service that publishes the data.
    author: { name: serviceName(state), link: urls.base + pagePath.home },
    copyright: meta.attribution,
  });
  for (const entry of record.entries) {
    const lines = changedZipLines(entry);
    const more = entry.zips.changed.length - lines.length;
    const content = [
      `<p>${escapeMarkup(entry.summary)}</p>`,
      entry.zips.added.length ? `<p>Added: ${entry.zips.added.join(', ')}</p>` : '',
      entry.zips.removed.length ? `<p>Removed: ${entry.zips.removed.join(', ')}</p>` : '',
      lines.length ? `<ul>${lines.map((l) => `<li>${escapeMarkup(l)}</li>`).join('')}</ul>${more > 0 ? `<p>And ${more} more in ${escapeMarkup(urls.api('/api/v1/changes.json'))}.</p>` : ''}` : '',
    ].join('');
    feed.addItem({
      title: entryTitle(entry),
      id: `${page}#${changeAnchor(entry.generated_at)}`,
      link: `${page}#${changeAnchor(entry.generated_at)}`,
      date: new Date(entry.generated_at),
      description: entry.summary,
      content,
    });
  }
  return feed.atom1();
}
