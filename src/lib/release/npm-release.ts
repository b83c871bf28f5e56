// What the release workflow does with the packed tarballs: publish both to npm with provenance when a
// token is configured, or say in one line why nothing is published. Pure: the environment's two
// settings and the tarballs in, the decision out; the command runs it (src/cli/release.ts).
import { ExpectedError } from '../errors.ts';
import { CLIENT_PACKAGE, MCP_PACKAGE } from '../mcp/client-config.ts';

/** What the release reads of its environment. */
export interface ReleaseSettings {
  /** npm's token (the secret NPM_TOKEN, which setup-node hands to npm as NODE_AUTH_TOKEN). */
  token: string | undefined;
  /** The deployment the packages are built for: their default base URL and the answer in their README. */
  site: string | undefined;
}

/** Not ready: why, in one line. */
export type NotReady = { ready: false; why: string };
export type ReleasePlan = { ready: true; publish: string[][] } | NotReady;

const PACKAGES = [MCP_PACKAGE, CLIENT_PACKAGE];

/** Whether the repository is set up to publish: both settings given. Checked before anything is built. */
export function releaseReadiness({ token, site }: ReleaseSettings): { ready: true } | NotReady {
  const missing = [...(token ? [] : ['the secret NPM_TOKEN']), ...(site ? [] : ['the variable SITE_URL (the deployment the packages answer from)'])];
  if (missing.length > 0) return { ready: false, why: `release: nothing published to npm: ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set in the repository's settings` };
  return { ready: true };
}

/**
 * The `npm publish` of each package's tarball in `files` (the names in the packed folder), with
 * provenance (a signed statement of the workflow run that built it) and public access. A package
 * without its tarball, or with two, is an error: `npm run pack` writes one of each.
 */
export function publishCommands(settings: ReleaseSettings, files: readonly string[], dir: string): ReleasePlan {
  const readiness = releaseReadiness(settings);
  if (!readiness.ready) return readiness;
  const publish: string[][] = [];
  for (const name of PACKAGES) {
    const tarballs = files.filter((f) => new RegExp(`^${name}-\\d+\\.\\d+\\.\\d+(?:-[\\w.]+)?\\.tgz$`).test(f));
    if (tarballs.length !== 1) throw new ExpectedError(`${dir} holds ${tarballs.length === 0 ? 'no' : String(tarballs.length)} ${name} tarball${tarballs.length > 1 ? 's' : ''} (npm run pack writes one)`);
    publish.push(['npm', 'publish', `${dir}/${tarballs[0] ?? ''}`, '--provenance', '--access', 'public']);
  }
  return { ready: true, publish };
}
