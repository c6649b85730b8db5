/**
 * The subset of JSON Schema keybug's output contracts use, and a validator for it. The same schema
 * object is sent to the endpoint as a structured-output format and checked here on every answer,
 * because JSON mode and text extraction promise nothing about the shape.
 */
export type JsonSchema =
  | {
      type: 'object';
      properties: Record<string, JsonSchema>;
      required: readonly string[];
      additionalProperties: false;
      description?: string;
    }
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

/** An answer checked with one array property's items on their own (see validateEach). */
export interface ItemwiseResult {
  /** Violations outside the items (the answer as a whole is unusable when there are any). */
  errors: string[];
  /** The invalid items, by index in the array, each with its violations. */
  invalid: { index: number; errors: string[] }[];
}

/**
 * Validates an object answer whose property `key` is an array, each item on its own: one bad item
 * (a line of -5, a property too many) says nothing about the others, so it is reported alone
 * instead of making the whole answer invalid.
 */
export function validateEach(schema: JsonSchema, value: unknown, key: string): ItemwiseResult {
  const errors: string[] = [];
  check(schema, value, '$', errors, `$.${key}`);
  const result: ItemwiseResult = { errors: errors.slice(0, MAX_ERRORS), invalid: [] };
  const items = schema.type === 'object' ? schema.properties[key] : undefined;
  const array = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  if (items?.type !== 'array' || !Array.isArray(array)) return result;
  array.forEach((item, index) => {
    const itemErrors: string[] = [];
    check(items.items, item, `$.${key}[${index}]`, itemErrors);
    if (itemErrors.length > 0) result.invalid.push({ index, errors: itemErrors.slice(0, MAX_ERRORS) });
  });
  return result;
}

/** `itemsApart`: the path of an array whose items are not looked at (validateEach checks them one by one). */
function check(schema: JsonSchema, value: unknown, at: string, errors: string[], itemsApart?: string): void {
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
        if (sub === undefined) errors.push(`${at}: unexpected property ${quoted(key)}`);
        else check(sub, child, `${at}.${key}`, errors, itemsApart);
      }
      return;
    }
    case 'array':
      if (!Array.isArray(value)) {
        errors.push(`${at}: expected an array, got ${kindOf(value)}`);
        return;
      }
      if (at !== itemsApart) value.forEach((item, i) => check(schema.items, item, `${at}[${i}]`, errors, itemsApart));
      return;
    case 'string':
      if (typeof value !== 'string') errors.push(`${at}: expected a string, got ${kindOf(value)}`);
      else if (schema.enum && !schema.enum.includes(value)) errors.push(`${at}: ${quoted(value)} is not one of ${schema.enum.join(', ')}`);
      return;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) errors.push(`${at}: expected an integer, got ${kindOf(value)}`);
      else if (schema.minimum !== undefined && value < schema.minimum)
        errors.push(`${at}: ${value} is below the minimum ${schema.minimum}`);
      else if (schema.maximum !== undefined && value > schema.maximum)
        errors.push(`${at}: ${value} is above the maximum ${schema.maximum}`);
      return;
  }
}

/** Characters of a model-written name or value quoted in a violation: enough to recognize it, never a wall of text. */
const QUOTED_CHARS = 40;

function quoted(text: string): string {
  return JSON.stringify(text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}…` : text);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'number' && !Number.isInteger(value) ? `the number ${value}` : typeof value;
}
