// The part of datapackage-js (npm `datapackage`, the Frictionless reference library for JavaScript,
// which ships no types) that the tests use.
declare module 'datapackage' {
  export class Resource {
    readonly name: string;
    readonly tabular: boolean;
    readonly valid: boolean;
    readonly errors: Error[];
    read(options?: { keyed?: boolean; relations?: boolean; limit?: number; cast?: boolean }): Promise<Record<string, unknown>[]>;
  }
  export class Package {
    static load(descriptor: string, options?: { basePath?: string; strict?: boolean }): Promise<Package>;
    readonly valid: boolean;
    readonly errors: Error[];
    readonly resources: Resource[];
    getResource(name: string): Resource | null;
  }
}
