// Validates built JSON against the component schemas of the built openapi.json, as a client of the
// published contract would (ajv, JSON Schema 2020-12).
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export type Validate = (doc: unknown, file: string) => void;

export function contractValidator(openapi: { components: { schemas: Record<string, unknown> } }): (schema: string) => Validate {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  // ajv-formats is CommonJS: its function is the module's default export at run time.
  (addFormats as unknown as { default: typeof addFormats }).default(ajv);
  // The document itself is the schema resource, so `#/components/schemas/...` refs resolve as published.
  ajv.addKeyword('components');
  ajv.addSchema({ $id: 'https://contract.test/openapi.json', components: openapi.components });
  return (name) => {
    const validate = ajv.getSchema(`https://contract.test/openapi.json#/components/schemas/${name}`);
    if (!validate) throw new Error(`no component schema ${name}`);
    return (doc, file) => {
      if (!validate(doc)) throw new Error(`${file} does not match ${name}: ${ajv.errorsText(validate.errors)}`);
    };
  };
}
