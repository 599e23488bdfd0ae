import { type ErrorBody, type ErrorCode, errorText } from '@cove/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, InvalidField, type RouteCodes, takesBody, TooManyRequests } from '../errors';

function fieldName(context: string | undefined, instancePath: string): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  const where = context === 'querystring' ? 'query' : (context ?? 'body');
  return path ? `${where}.${path}` : where;
}

/** The catalogue codes for Fastify's own client errors (empty JSON body, bad content type, body too large). */
function fastifyCode(status: number): ErrorCode {
  if (status === 413) return 'body_too_large';
  if (status === 415) return 'unsupported_media_type';
  return 'bad_request';
}

/** What this handler answers on any route: schema failures, masked bugs, and Fastify's body refusals. */
export const errorHandlerCodes: RouteCodes = (route) => [
  'validation',
  'internal_error',
  ...(takesBody(route)
    ? (['malformed_json', 'bad_request', 'body_too_large', 'unsupported_media_type'] as const)
    : []),
];

/** Turns every failure into `{ message, code, errors? }` with the right status; 5xx details stay in the log. */
export const errorHandler = fp(
  async (app: FastifyInstance) => {
    app.setNotFoundHandler((request, reply) => {
      void reply.code(404).send({ message: errorText('not_found'), code: 'not_found' } satisfies ErrorBody);
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error instanceof TooManyRequests) void reply.header('retry-after', error.retryAfterSeconds);
        const errors =
          error instanceof InvalidField ? [{ field: error.field, message: error.reason }] : undefined;
        return reply.code(error.statusCode).send({
          message: error.message,
          code: error.code,
          ...(errors ? { errors } : {}),
        } satisfies ErrorBody);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors = error.validation.map((v) => ({
          field: fieldName(error.validationContext, v.instancePath),
          message: v.message ?? 'is invalid',
        }));
        const first = errors[0];
        const message = first ? `${first.field}: ${first.message}` : 'The request is invalid.';
        return reply.code(400).send({ message, code: 'validation', errors } satisfies ErrorBody);
      }
      // Only the body parser's verdict means the caller sent bad JSON; a SyntaxError from our own code is a bug.
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
        return reply
          .code(400)
          .send({ message: errorText('malformed_json'), code: 'malformed_json' } satisfies ErrorBody);
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply
          .code(429)
          .send({ message: errorText('rate_limited'), code: 'rate_limited' } satisfies ErrorBody);
      }
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (empty JSON body, bad content type, body too large): safe to show.
        return reply
          .code(status)
          .send({ message: error.message, code: fastifyCode(status) } satisfies ErrorBody);
      }
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(status >= 500 && status < 600 ? status : 500)
        .send({ message: errorText('internal_error'), code: 'internal_error' } satisfies ErrorBody);
    });
  },
  { name: 'error-handler' },
);
