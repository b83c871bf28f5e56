// saxen ships no types: the part of its API that xlsx.ts uses (https://github.com/nikku/saxen).
declare module 'saxen' {
  export class Parser {
    on(event: 'openTag', handler: (name: string, attributes: () => Record<string, string>, decode: (text: string) => string, selfClosing: boolean) => void): this;
    on(event: 'closeTag', handler: (name: string, decode: (text: string) => string, selfClosing: boolean) => void): this;
    on(event: 'text', handler: (value: string, decode: (text: string) => string) => void): this;
    on(event: 'error' | 'warn', handler: (error: Error) => void): this;
    parse(xml: string): Error | undefined;
  }
}
