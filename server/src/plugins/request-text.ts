import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fail, InvalidField, type RouteCodes, takesBody } from '../errors';

// With the `u` flag a surrogate pair is one code point, so this matches unpaired halves only.
const loneSurrogate = /[\uD800-\uDFFF]/u;

/** Why a string cannot be kept as text (PostgreSQL refuses NUL; a lone surrogate is not Unicode), or null. */
export function unstorableText(s: string): string | null {
  if (s.includes('\u0000')) return 'must not contain a NUL character';
  if (loneSurrogate.test(s)) return 'must not contain an unpaired UTF-16 surrogate';
  return null;
}

/** The first string in `root`, or name of a field in it, that text cannot hold; walked without recursion. */
function firstUnstorable(root: unknown, where: string): InvalidField | null {
  const pending: [unknown, string][] = [[root, where]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      const reason = unstorableText(value);
      if (reason) return new InvalidField(path, reason);
    } else if (value !== null && typeof value === 'object') {
      const fields = Object.entries(value);
      for (const [key] of fields) {
        const reason = unstorableText(key);
        if (reason) return new InvalidField(path, `field names ${reason}`);
      }
      // Reversed onto the stack, so fields are checked (and the first one named) in their order.
      for (const [key, item] of fields.reverse()) pending.push([item, `${path}.${key}`]);
    }
  }
  return null;
}

// The bytes UTF-8 would give a surrogate (U+D800-DFFF), percent-encoded: how a lone one travels in a URL.
const encodedSurrogate = /%ED%[AB][0-9A-F]%[89AB][0-9A-F]/i;

/**
 * The first query field whose percent-encoded bytes are not UTF-8, or null. The query parser keeps
 * such a value as literal text ("%ED%A0%80"), where the same bytes in a body are refused: so they are
 * refused here too, with the reason a body's string would get.
 */
function undecodableQuery(url: string): InvalidField | null {
  const start = url.indexOf('?');
  if (start < 0) return null;
  for (const pair of url.slice(start + 1).split('&')) {
    const [key = '', value = ''] = pair.split('=', 2);
    try {
      decodeURIComponent(value.replace(/\+/g, ' '));
      decodeURIComponent(key.replace(/\+/g, ' '));
    } catch {
      const name = safeDecode(key);
      return new InvalidField(
        name === null ? 'query' : `query.${name}`,
        encodedSurrogate.test(pair)
          ? 'must not contain an unpaired UTF-16 surrogate'
          : 'must be UTF-8, percent-encoded',
      );
    }
  }
  return null;
}

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A JSON body's bytes as received: webhook signatures are checked over exactly these. */
    rawBody: Buffer | null;
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function charsetOf(request: FastifyRequest): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(request.headers['content-type'] ?? '')?.[1];
}

/** Refused strings answer as `validation`; a compressed body on any route, a bad JSON body's bytes where one is read. */
export const requestTextCodes: RouteCodes = (route) => [
  'validation',
  'unsupported_encoding',
  ...(takesBody(route) ? (['unsupported_charset', 'invalid_utf8'] as const) : []),
];

/**
 * Refuses text the database cannot keep, before any route sees it, so no route can forget:
 * - JSON bodies must be UTF-8 (a declared charset must say so) and carry no invalid bytes, instead of
 *   being decoded into replacement characters; compressed bodies are refused rather than misread.
 * - Every string in params, query and body (field names too) is checked for NUL characters and
 *   unpaired UTF-16 surrogates, and a query string's percent-encoded bytes must be UTF-8: a 400 names
 *   the field, in the same shape as schema errors.
 */
export const requestText = fp(
  async (app: FastifyInstance) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.decorateRequest('rawBody', null);
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      const charset = charsetOf(request);
      if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
        done(fail('unsupported_charset'), undefined);
        return;
      }
      let text: string;
      try {
        request.rawBody = body as Buffer; // parseAs: buffer; the overload types it as string | Buffer
        text = utf8.decode(request.rawBody);
      } catch {
        done(fail('invalid_utf8'), undefined);
        return;
      }
      // Fastify's own JSON parser (prototype-poisoning checks included) answers through `done`.
      void parseJson(request, text, done);
    });

    app.addHook('preParsing', async (request) => {
      const coding = request.headers['content-encoding'];
      if (coding !== undefined && coding.trim().toLowerCase() !== 'identity')
        throw fail('unsupported_encoding');
    });

    app.addHook('preValidation', async (request) => {
      const bad =
        firstUnstorable(request.params, 'params') ??
        undecodableQuery(request.url) ??
        firstUnstorable(request.query, 'query') ??
        firstUnstorable(request.body, 'body');
      if (bad) throw bad;
    });
  },
  { name: 'request-text' },
);
