/**
 * The subset of JSON Schema keybug's output contracts use, and a validator for it. The same schema
 * object is sent to the endpoint as a structured-output format and checked here on every answer,
 * because JSON mode and text extraction promise nothing about the shape.
 */
export type JsonSchema =
  | { type: 'object'; properties: Record<string, JsonSchema>; required: readonly string[]; additionalProperties: false; description?: string }
  | { type: 'array'; items: JsonSchema; description?: string }
  | { type: 'string'; enum?: readonly string[]; description?: string }
  | { type: 'integer'; minimum?: number; maximum?: number; description?: string };

/** At most this many errors are reported: enough for a corrective retry, short enough to quote. */
const MAX_ERRORS = 8;

/** Returns the schema violations of `value` as `$.path: problem` lines; empty when valid. */
export function validateJson(schema: JsonSchema, value: unknown): string[] {
  const errors: string[] = [];
  check(schema, value, '$', errors);
  return errors.slice(0, MAX_ERRORS);
}

function check(schema: JsonSchema, value: unknown, at: string, errors: string[]): void {
  if (errors.length >= MAX_ERRORS) return;
  switch (schema.type) {
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        errors.push(`${at}: expected an object, got ${kindOf(value)}`);
        return;
      }
      const record = value as Record<string, unknown>;
      for (const key of schema.required) if (!(key in record)) errors.push(`${at}: missing property "${key}"`);
      for (const [key, child] of Object.entries(record)) {
        const sub = schema.properties[key];
        if (sub === undefined) errors.push(`${at}: unexpected property "${key}"`);
        else check(sub, child, `${at}.${key}`, errors);
      }
      return;
    }
    case 'array':
      if (!Array.isArray(value)) {
        errors.push(`${at}: expected an array, got ${kindOf(value)}`);
        return;
      }
      value.forEach((item, i) => check(schema.items, item, `${at}[${i}]`, errors));
      return;
    case 'string':
      if (typeof value !== 'string') errors.push(`${at}: expected a string, got ${kindOf(value)}`);
      else if (schema.enum && !schema.enum.includes(value)) errors.push(`${at}: "${value}" is not one of ${schema.enum.join(', ')}`);
      return;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) errors.push(`${at}: expected an integer, got ${kindOf(value)}`);
      else if (schema.minimum !== undefined && value < schema.minimum) errors.push(`${at}: ${value} is below the minimum ${schema.minimum}`);
      else if (schema.maximum !== undefined && value > schema.maximum) errors.push(`${at}: ${value} is above the maximum ${schema.maximum}`);
      return;
  }
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'number' && !Number.isInteger(value) ? `the number ${value}` : typeof value;
}
