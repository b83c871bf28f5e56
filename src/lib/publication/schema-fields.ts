// The fields of a component schema of openapi.json, in words: for llms-full.txt and the docs page.
import { componentSchemas } from './openapi.ts';

interface JsonSchema {
  type?: string | string[];
  $ref?: string;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  description?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
}

export interface Field {
  name: string;
  type: string;
  description: string;
}

export function typeName(schema: JsonSchema): string {
  if (schema.$ref) return schema.$ref.split('/').pop() as string;
  if (schema.anyOf) return schema.anyOf.map(typeName).join(' or ');
  if (schema.type === 'array' && schema.items) return `array of ${typeName(schema.items)}`;
  if (schema.type === 'object' && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    return `object of ${typeName(schema.additionalProperties)}`;
  }
  return Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
}

/** Every named schema with its description and fields, in the order the contract declares them. */
export function schemaDocs(): { name: string; description: string; fields: Field[] }[] {
  return Object.entries(componentSchemas() as Record<string, JsonSchema>).map(([name, schema]) => ({
    name,
    description: schema.description ?? '',
    fields: Object.entries(schema.properties ?? {}).map(([field, prop]) => ({
      name: field,
      type: typeName(prop),
      description: prop.description ?? prop.anyOf?.find((s) => s.description)?.description ?? '',
    })),
  }));
}
