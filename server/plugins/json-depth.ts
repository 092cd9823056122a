import type { FastifyInstance } from 'fastify';

/** Far more than any of our bodies or better-auth's nest (a video's location is three levels). */
export const MAX_JSON_DEPTH = 32;

/**
 * How deep the arrays and objects of a JSON text nest, stopping as soon as `limit` is passed. One pass
 * over the characters, skipping strings, without parsing: cheap on any body the size limit lets in.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped, whatever it is
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Deeply nested JSON (thousands of brackets) overflows the stack of whatever walks it later (better-auth,
 * serialisers), a 500. The JSON parser refuses it first with a 400, then parses as Fastify always does
 * (its default parser, which also refuses prototype poisoning).
 */
export function registerJsonDepthLimit(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      const error = Object.assign(new Error(`JSON may nest at most ${MAX_JSON_DEPTH} levels`), {
        statusCode: 400,
      });
      return done(error, undefined);
    }
    parseJson(request, text, done);
  });
}
