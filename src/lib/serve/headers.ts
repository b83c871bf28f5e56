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
