// The part of jsonld.js (npm `jsonld`, Digital Bazaar's JSON-LD processor, which ships no types) that
// the tests use.
declare module 'jsonld' {
  interface RemoteDocument {
    contextUrl: string | undefined;
    documentUrl: string;
    document: unknown;
  }
  interface Options {
    documentLoader?: (url: string) => Promise<RemoteDocument>;
    /** Fails on any term or value the expansion would drop, instead of dropping it. */
    safe?: boolean;
  }
  const jsonld: {
    expand(input: unknown, options?: Options): Promise<unknown[]>;
  };
  export default jsonld;
}
