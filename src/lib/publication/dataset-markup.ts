// The data described for search engines: a schema.org Dataset in JSON-LD, as Google Dataset Search
// reads it (developers.google.com/search/docs/appearance/structured-data/dataset), on the root page
// of a host of states (the national tables) and on each state's /docs/ (its own bulk files). Typed by
// schema-dts (schema.org's vocabulary as TypeScript types), so a property schema.org does not have,
// or a value of the wrong kind, fails the type check. Pure: facts in, the script element's text out.
import type { DataDownload, Dataset, Organization, WithContext } from 'schema-dts';
import { LICENSE } from '../contract/service.ts';

/** The publishers of the sources: the data's creators. */
const CREATORS: Organization[] = [
  { '@type': 'Organization', name: 'U.S. Department of Housing and Urban Development (HUD)', url: 'https://www.huduser.gov/' },
  { '@type': 'Organization', name: 'Zillow Research', url: 'https://www.zillow.com/research/data/' },
  { '@type': 'Organization', name: 'U.S. Census Bureau', url: 'https://www.census.gov/' },
];

/** What the tables measure, in the words of their sources. */
const VARIABLES = [
  'Small Area Fair Market Rent by bedrooms (HUD)',
  'Fair Market Rent of the metropolitan or county area by bedrooms (HUD)',
  'Zillow Observed Rent Index (ZORI), monthly',
  'Median gross rent of the ZIP Code Tabulation Area (Census ACS 5-year, table B25064)',
  'Section 8 income limits by household size (HUD)',
  'Housing wage: hourly pay at which the 2-bedroom Fair Market Rent is 30% of full-time income',
];

export interface DatasetFacts {
  name: string;
  description: string;
  /** The page the markup is on. */
  url: string;
  /** The service that publishes the tables, and its root. */
  publisher: { name: string; url: string };
  /** The places covered: "Minnesota, United States". */
  spatialCoverage: string;
  /** HUD's fiscal years of the Small Area FMR columns, oldest first. */
  fiscalYears: readonly number[];
  /** Day of the build (YYYY-MM-DD). */
  dateModified: string;
  /** Every file, with its absolute URL and media type. */
  files: readonly { url: string; mediaType: string; name: string }[];
}

/** A federal fiscal year runs from 1 October of the year before to 30 September. */
const fiscalYearSpan = (years: readonly number[]) => `${(years[0] ?? 0) - 1}-10-01/${years.at(-1) ?? 0}-09-30`;

export function datasetMarkup(facts: DatasetFacts): WithContext<Dataset> {
  const distribution: DataDownload[] = facts.files.map((file) => ({
    '@type': 'DataDownload',
    name: file.name,
    contentUrl: file.url,
    // The media type without its parameters, as Google's examples give it.
    encodingFormat: file.mediaType.split(';')[0] ?? file.mediaType,
  }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name: facts.name,
    description: facts.description,
    url: facts.url,
    license: LICENSE.url,
    isAccessibleForFree: true,
    creator: CREATORS,
    publisher: { '@type': 'Organization', name: facts.publisher.name, url: facts.publisher.url },
    temporalCoverage: fiscalYearSpan(facts.fiscalYears),
    spatialCoverage: { '@type': 'Place', name: facts.spatialCoverage },
    variableMeasured: VARIABLES,
    keywords: ['Fair Market Rent', 'Small Area Fair Market Rent', 'housing choice voucher', 'Section 8', 'rent', 'income limits', 'ZIP code', 'county'],
    dateModified: facts.dateModified,
    distribution,
  };
}

/** The markup as the text of a <script type="application/ld+json">: `<` escaped so no text can close the element. */
export const datasetScript = (facts: DatasetFacts): string => JSON.stringify(datasetMarkup(facts)).replace(/</g, '\\u003c');
