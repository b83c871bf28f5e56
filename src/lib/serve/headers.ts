/**
 * The headers every response carries (CONTRACT-NOTES, "HTTP"). nginx's block, public/_headers and
 * the preview server all state them; a test checks the three agree.
 */
export const CONTRACT_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag, Last-Modified',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'public, max-age=86400',
} as const;

/** Cache-Control of a file whose name carries its content's hash (Astro's /_astro/): it never changes. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Cache-Control of a 404: short, so a ZIP or county a later build adds is found soon after. */
export const NOT_FOUND_CACHE = 'public, max-age=300';
/** The folder of hashed assets, whose files get IMMUTABLE_CACHE. */
export const HASHED_ASSETS = '/_astro/';

/**
 * Where the build writes the site's security headers for the hosts that cannot compute them:
 * JSON for the edge handler (Worker, Deno), an include for nginx. No host serves this folder.
 */
export const HOST_FOLDER = '_host';
export const HOST_HEADERS_JSON = `${HOST_FOLDER}/security-headers.json`;
export const HOST_HEADERS_NGINX = `${HOST_FOLDER}/security-headers.conf`;
/** nginx's map from a query of the search form without JavaScript to its place (serve/search-landing.ts). */
export const HOST_SEARCH_NGINX = `${HOST_FOLDER}/search-map.conf`;

/** The hashes of the inline elements the pages hold (`sha256-…`), which the policy allows by name. */
export interface InlineHashes {
  scripts: readonly string[];
  styles: readonly string[];
}

/**
 * The site's Content-Security-Policy: everything from its own origin, inline code only by its hash,
 * no frames of it anywhere, no plugins, no <base>, forms and fetches to its own origin alone. The
 * household form's promise that nothing typed leaves the page is then the browser's to keep.
 */
export function contentSecurityPolicy(hashes: InlineHashes): string {
  const quoted = (list: readonly string[]) => list.map((hash) => ` '${hash}'`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${quoted(hashes.scripts)}`,
    `style-src 'self'${quoted(hashes.styles)}`,
    "img-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** Browser features the site never uses, turned off for it and anything it could embed. */
const PERMISSIONS_POLICY = ['accelerometer', 'camera', 'geolocation', 'gyroscope', 'magnetometer', 'microphone', 'payment', 'usb'].map((feature) => `${feature}=()`).join(', ');

/** The browser-security headers of every response, on every host. */
export function securityHeaders(hashes: InlineHashes): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(hashes),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
}

/** HSTS, sent only where the host itself serves TLS (browsers ignore it over plain HTTP anyway). */
export const STRICT_TRANSPORT_SECURITY = { 'Strict-Transport-Security': 'max-age=31536000' } as const;
