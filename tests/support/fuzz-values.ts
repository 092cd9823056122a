import fc from 'fast-check';

/**
 * Hostile values for the fuzz suite: what a careless client or an attacker puts where the contract
 * expects something else. Each list is small and named, so a finding says which kind of input it was.
 */

/** Text that trips encoders, databases, regular expressions and renderers. */
export const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800', // a lone high surrogate
  '\udc00x', // a lone low surrogate
  '\u202eevil\u202c', // right-to-left override
  '\u200f\u200e\u200b\ufeff', // directional marks, zero-width space, byte order mark
  'e\u0301\u0301\u0301\u0301\u0301\u0301', // stacked combining marks
  '👩‍👩‍👧‍👦🏳️‍🌈', // emoji sequences (joiners, variation selectors)
  'Ωμέγα ΆΈΉ',
  '%',
  '_',
  '\\',
  '%_\\%',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '$' + '{7*7}{{7*7}}', // template injection (split so it is no template here)
  `\r\nX-Injected: 1`,
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  'true',
  '[]',
  '{}',
  '__proto__',
] as const;

/** LIKE and regular-expression metacharacters, for search and prefix queries. */
export const LIKE_PATTERNS = ['%', '_', '\\', '%%', '_%_', 'a%b', 'st\\', '\\%', '[a-z]', '.*', '(', '^$'];

/** Numbers a schema's integer never expects, as values and as the text of a query parameter. */
export const EDGE_NUMBERS = [
  -1,
  0,
  -0,
  0.5,
  -2.5,
  2 ** 31,
  2 ** 53 + 1,
  -(2 ** 63),
  1e308,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_VALUE,
];
export const EDGE_NUMBER_TEXTS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '0x10',
  '1_000',
  '١٢',
  ' 5',
  '5 ',
  '+5',
];

/** Path segments that try to leave their route: traversal, encoded slashes, broken escapes. */
export const PATH_ATTACKS = [
  '..',
  '../..',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e',
  '%2e%2e%2f%2e%2e',
  '%252e%252e%252f',
  '..%5c..%5c',
  '%2F',
  '%2f%2f',
  '.',
  '%00',
  '%',
  '%zz',
  '%ED%A0%80', // a lone surrogate, UTF-8 encoded: not valid UTF-8
  '%C0%AE%C0%AE', // overlong dots
  '%E2%80%AE',
  'x;a=b',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '0192d4c2-6c1f-7a55-8b0a-000000000000x',
];

/** Any JSON value of any type, nested a little. */
export const anyJson = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom<unknown>(...EDGE_STRINGS, ...EDGE_NUMBERS, null, true, false, [], {}),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.integer(),
    fc.double(),
    fc.jsonValue({ maxDepth: 3 }),
  );

/** A string of any Unicode (lone surrogates included), the edge cases, or a long one. */
export const hostileString = (maxLength = 200): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
    { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme-composite', maxLength: 60 }) },
    { weight: 1, arbitrary: fc.constantFrom(...LIKE_PATTERNS) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('a', 'é', '😀', '%', '\u202e'),
          fc.integer({ min: maxLength, max: maxLength * 4 + 10 }),
        )
        .map(([unit, count]) => unit.repeat(count)),
    },
  );

/** Text for a URL: any string percent-encoded (lone surrogates made well-formed first), or a raw attack. */
export const urlText = (maxLength?: number): fc.Arbitrary<string> =>
  fc.oneof(
    hostileString(maxLength).map(
      (text) => encodeURIComponent(Buffer.from(text).toString()) /* lone surrogates become U+FFFD */,
    ),
    fc.constantFrom(...PATH_ATTACKS),
    fc.constantFrom(...EDGE_NUMBER_TEXTS, ...EDGE_NUMBERS.map(String)),
  );

/** Page cursors: base64 of ids that look like ours or not, and plain garbage. */
export const brokenCursor = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.stringMatching(/^[A-Za-z0-9-]{1,64}$/).map((id) => Buffer.from(id).toString('base64url')),
    fc.uuid().map((id) => Buffer.from(id).toString('base64url')),
    fc.uint8Array({ maxLength: 80 }).map((bytes) => Buffer.from(bytes).toString('base64')),
    fc.constantFrom('', '=', '====', '!!!', 'a', '%00', '..', Buffer.from('{"id":1}').toString('base64')),
    urlText(),
  );
