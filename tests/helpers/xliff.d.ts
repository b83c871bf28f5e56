// The part of npm `xliff` (locize's XLIFF 1.2/2.0 library, which ships no types) that the tests use.
declare module 'xliff' {
  export function xliff2js(xml: string): Promise<unknown>;
  export function js2xliff(js: unknown): Promise<string>;
}
