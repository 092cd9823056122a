import fc from 'fast-check';
import {
  anyJson,
  brokenCursor,
  EDGE_NUMBER_TEXTS,
  EDGE_NUMBERS,
  hostileString,
  LIKE_PATTERNS,
  urlText,
} from './fuzz-values';
import type { JsonSchema, Operation, Parameter } from './openapi';

/** A generated request, and the kind of malformation its body got (for the report). */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  bodyKind: string;
}

export interface FuzzTargets {
  /** Real ids (videos, users, addresses), so some requests reach past "not found" to the rules. */
  ids: string[];
  /** The TV hostname: the TV API exists only there. */
  tvHost: string;
  /** A body each operation accepts, by operation key: one field at a time is made hostile. */
  validBodies: Record<string, () => Record<string, unknown>>;
}

/** Fastify's body limit: most bodies stay under it, a few go above. */
const BODY_LIMIT = 1024 * 1024;

const urlEncoded = (text: string) => encodeURIComponent(Buffer.from(text).toString()); // lone surrogates become U+FFFD

/** A value that may satisfy the schema (so other fields get checked), or a typed near miss. */
function plausible(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => plausible(option, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const nullable = (value: fc.Arbitrary<unknown>) =>
    schema.nullable ? fc.oneof(value, fc.constant(null)) : value;
  switch (type) {
    case 'object':
      return depth > 3 ? fc.constant({}) : nullable(objectOf(schema, depth + 1));
    case 'array':
      return fc.array(schema.items ? plausible(schema.items, depth + 1) : anyJson(), { maxLength: 3 });
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number':
      return nullable(fc.integer({ min: schema.minimum ?? -10, max: schema.maximum ?? 1000 }));
    default:
      if (schema.format === 'uuid') return fc.uuid();
      return nullable(
        fc.oneof(
          fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) }),
          hostileString(schema.maxLength ?? 200),
        ),
      );
  }
}

/** An object of the schema's fields: each plausible, hostile or missing, plus a few fields it never had. */
function objectOf(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {}).map(([name, field]) =>
    fc
      .oneof(
        { weight: 6, arbitrary: plausible(field, depth) },
        { weight: 2, arbitrary: anyJson() },
        { weight: 1, arbitrary: fc.constant(undefined) },
      )
      .map((value) => [name, value] as const),
  );
  const extra = fc.array(
    fc.tuple(fc.constantFrom('__proto__', 'constructor', 'id', 'userId', 'rights', 'status', 'x'), anyJson()),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...fields), extra).map(([known, unknown]) => {
    const object: Record<string, unknown> = {};
    for (const [name, value] of [...known, ...unknown]) {
      if (value !== undefined)
        Object.defineProperty(object, name, { value, enumerable: true, writable: true });
    }
    return object;
  });
}

const BROKEN_JSON = [
  '',
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'NaN',
  '{"a":1}{"b":2}',
  '\ufeff{}',
  '[1,2',
  '"\\ud800"',
  '{"a":1e999999}',
  'nul',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
];
const OTHER_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'image/jpeg',
  'application/offset+octet-stream',
  'application/*',
  ';;;',
  'application/json, text/plain',
];

/** JSON nested `levels` deep, as arrays or objects. */
const nested = (levels: number, objects: boolean) =>
  objects ? `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}` : `${'['.repeat(levels)}${']'.repeat(levels)}`;

interface Body {
  payload?: string | Buffer;
  contentType?: string;
  bodyKind: string;
}
const json = (value: unknown, bodyKind: string): Body => ({
  payload: JSON.stringify(value),
  contentType: 'application/json',
  bodyKind,
});

/** Bodies every write may get, whatever it declares: wrong types, broken text, depth, size. */
const commonBodies = (): fc.Arbitrary<Body> =>
  fc.oneof(
    { weight: 2, arbitrary: anyJson().map((value) => json(value, 'any-json')) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...BROKEN_JSON)
        .map((payload) => ({ payload, contentType: 'application/json', bodyKind: 'broken-json' })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.integer({ min: 30, max: 5000 }), fc.boolean()).map(([levels, objects]) => ({
        payload: nested(levels, objects),
        contentType: 'application/json',
        bodyKind: 'deep',
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...OTHER_TYPES),
          fc.oneof(
            fc.jsonValue().map((v) => JSON.stringify(v)),
            fc.string({ unit: 'binary' }),
          ),
        )
        .map(([contentType, payload]) => ({ payload, contentType, bodyKind: 'wrong-content-type' })),
    },
    {
      weight: 1,
      arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => ({
        payload: Buffer.from(bytes),
        contentType: 'application/json',
        bodyKind: 'binary',
      })),
    },
    {
      // Mostly under the limit (reaches validation), one in four above it.
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 100_000, max: BODY_LIMIT - 1000 }), fc.integer({ min: 0, max: 3 }))
        .map(([size, over]) =>
          json(
            { title: 'x'.repeat(over === 0 ? BODY_LIMIT + size / 10 : size) },
            over === 0 ? 'over-limit' : 'huge',
          ),
        ),
    },
  );

/** A body the operation accepts with one field replaced (or removed): the rest passes validation. */
function oneFieldOff(valid: () => Record<string, unknown>): fc.Arbitrary<Body> {
  const example = valid();
  const fields = Object.keys(example);
  // Text fields mostly, with text: where hostile characters get past the contract into the database.
  const texts = fields.filter((field) => typeof example[field] === 'string');
  // A body of objects and lists only (a feed's filter) has no text field of its own to aim at.
  const pick =
    texts.length > 0
      ? fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...texts) },
          { weight: 1, arbitrary: fc.constantFrom(...fields) },
        )
      : fc.constantFrom(...fields);
  return fc
    .tuple(
      pick,
      fc.oneof(
        { weight: 4, arbitrary: hostileString() },
        { weight: 1, arbitrary: anyJson() },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
    )
    .map(([field, value]) => json({ ...valid(), [field]: value }, 'one-field'));
}

function bodyFor(operation: Operation, targets: FuzzTargets): fc.Arbitrary<Body> {
  const none = fc.constant<Body>({ bodyKind: 'none' });
  const valid = targets.validBodies[operation.key];
  if (operation.body) {
    return fc.oneof(
      { weight: valid ? 6 : 0, arbitrary: valid ? oneFieldOff(valid) : none },
      { weight: 5, arbitrary: objectOf(operation.body, 0).map((value) => json(value, 'fields')) },
      { weight: 3, arbitrary: commonBodies() },
      { weight: 1, arbitrary: none },
    );
  }
  if (operation.method === 'GET' || operation.method === 'HEAD') {
    return fc.oneof({ weight: 8, arbitrary: none }, { weight: 1, arbitrary: commonBodies() });
  }
  return fc.oneof({ weight: 2, arbitrary: none }, { weight: 3, arbitrary: commonBodies() });
}

/** The text of one query parameter, already URL-encoded. */
function queryValue(parameter: Parameter): fc.Arbitrary<string> {
  const { name, schema } = parameter;
  if (name === 'cursor') return brokenCursor();
  if (name === 'q' || name === 'keywords') {
    return fc.oneof(fc.constantFrom(...LIKE_PATTERNS).map(urlEncoded), urlText(schema.maxLength ?? 200));
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    return fc.oneof(
      fc.constantFrom(...EDGE_NUMBER_TEXTS, ...EDGE_NUMBERS.map(String)).map(urlEncoded),
      fc.integer({ min: (schema.minimum ?? 0) - 2, max: (schema.maximum ?? 100) + 2 }).map(String),
    );
  }
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum.map(String)), urlText());
  return urlText(schema.maxLength ?? 200);
}

/** The query string: declared parameters (some missing, some twice) and a few undeclared ones. */
function queryFor(operation: Operation): fc.Arbitrary<string> {
  const declared = operation.parameters
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) =>
      fc.option(
        fc
          .tuple(queryValue(parameter), fc.option(queryValue(parameter), { freq: 6 }))
          .map(([value, twice]) => [
            `${parameter.name}=${value}`,
            ...(twice === null ? [] : [`${parameter.name}=${twice}`]),
          ]),
        { freq: 3 },
      ),
    );
  const undeclared = fc.array(
    fc
      .tuple(fc.constantFrom('__proto__', 'constructor', 'limit[]', 'q[a]', 'x', '%00', ''), urlText(50))
      .map(([name, value]) => `${name}=${value}`),
    { maxLength: 2 },
  );
  return fc
    .tuple(fc.tuple(...declared), undeclared)
    .map(([pairs, extra]) => [...pairs.flatMap((pair) => pair ?? []), ...extra].join('&'));
}

/** A path parameter: a real id, a well-formed stranger, or an attack. `{*}` may span segments. */
function pathValue(name: string, targets: FuzzTargets): fc.Arbitrary<string> {
  const single = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...targets.ids) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.stringMatching(/^[0-9a-f]{32}$/) }, // the shape of a tus upload id
    { weight: 4, arbitrary: urlText(300) },
  );
  if (name !== '*') return single;
  return fc
    .array(fc.oneof(single, fc.constantFrom('videos', 'signatures', 'public', '..', '%2e%2e', '')), {
      minLength: 1,
      maxLength: 4,
    })
    .map((segments) => segments.join('/'));
}

/** Headers a client may add: languages, forwarded addresses, ranges, and the tus and TV protocol ones. */
function headersFor(operation: Operation, targets: FuzzTargets): fc.Arbitrary<Record<string, string>> {
  const text = fc.oneof(
    fc.string({ maxLength: 80 }),
    fc.constantFrom(...EDGE_NUMBER_TEXTS, ...EDGE_NUMBERS.map(String)),
  );
  const optional = (name: string, value: fc.Arbitrary<string>, freq = 3) =>
    fc.option(
      value.map((v) => [name, v] as const),
      { freq },
    );
  const tus = operation.path.includes('/uploads');
  const tv = operation.path.startsWith('/api/tv/');
  const metadata = fc
    .array(
      fc.tuple(
        fc.constantFrom('videoId', 'filename', 'filetype', 'x', ''),
        fc.oneof(hostileString(100), fc.uuid(), fc.constantFrom(...targets.ids)),
      ),
      { maxLength: 4 },
    )
    .map((pairs) => pairs.map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`).join(','));
  return fc
    .tuple(
      optional('accept-language', text, 6),
      optional('x-forwarded-for', text, 6),
      optional(
        'range',
        fc.oneof(
          text,
          fc.constantFrom(
            'bytes=0-',
            'bytes=-5',
            'bytes=5-1',
            'bytes=0-1,2-3',
            'bytes=99999999999999999999-',
          ),
        ),
        4,
      ),
      optional('tus-resumable', fc.oneof(fc.constant('1.0.0'), text), tus ? 1 : 8),
      optional('upload-length', text, tus ? 2 : 10),
      optional('upload-offset', text, tus ? 2 : 10),
      optional('upload-metadata', fc.oneof(metadata, text), tus ? 1 : 10),
      optional('x-tv-token', text, tv ? 2 : 10),
      // The TV API lives on its hostname; other hosts, odd ones included, now and then.
      fc.oneof(
        { weight: tv ? 8 : 1, arbitrary: fc.constant(['host', targets.tvHost] as const) },
        { weight: tv ? 1 : 8, arbitrary: fc.constant(null) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom('evil.example', 'TV.EXAMPLE.TEST.', '[::1]:99999', 'a'.repeat(300))
            .map((h) => ['host', h] as const),
        },
      ),
    )
    .map((pairs) =>
      // As a socket delivers them: the UTF-8 bytes of the text read as Latin-1 (Node's HTTP parser never
      // gives a header a character above U+00FF; inject would pass one, which no client can send).
      Object.fromEntries(
        pairs.flatMap((pair) => (pair === null ? [] : [[pair[0], Buffer.from(pair[1]).toString('latin1')]])),
      ),
    );
}

/** Malformed requests for one operation of the published document. */
export function malformedRequests(operation: Operation, targets: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
  return fc
    .tuple(
      fc.tuple(...names.map((name) => pathValue(name, targets))),
      queryFor(operation),
      bodyFor(operation, targets),
      headersFor(operation, targets),
    )
    .map(([values, query, body, headers]) => {
      let path = operation.path;
      names.forEach((name, index) => {
        path = path.replace(`{${name}}`, values[index] as string);
      });
      return {
        method: operation.method,
        // One hostile field in a good body must reach the handler: no query to refuse it first.
        url: query && body.bodyKind !== 'one-field' ? `${path}?${query}` : path,
        headers: { ...headers, ...(body.contentType && { 'content-type': body.contentType }) },
        ...(body.payload !== undefined && { payload: body.payload }),
        bodyKind: body.bodyKind,
      };
    });
}
