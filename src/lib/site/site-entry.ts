// The site collection's one entry: meta.json's two parts, and what the pages need of the build's
// options. The options arrive here as values (the render request, through the dataset and Astro's
// `base`); no page reads them from the environment.
import { z } from 'zod';
import { Meta, MetaRecord } from '../contract/schemas.ts';

export const SiteEntry = z.object({
  meta: Meta,
  record: MetaRecord,
  pages: z
    .object({
      /** The public root, path prefix included: `https://rent.example.org/wi`. */
      root: z.url(),
      /** The path prefix every link carries: '' at a host's root, '/wi' under `--base /wi/`. */
      prefix: z.string().regex(/^(?:\/[a-z0-9][a-z0-9-]*)*$/),
      /** The codes of the languages built (`--languages`), English first. */
      languages: z.array(z.string()).min(1),
    })
    .strict(),
});
export type SiteEntry = z.infer<typeof SiteEntry>;
