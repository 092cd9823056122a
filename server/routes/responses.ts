import { z } from 'zod';
import { ERROR_CODES } from '../../common/errors';

/** The error body every route may answer with (see plugins/errors.ts), for the OpenAPI document. */
export const errorBody = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

export const errorResponses = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  429: errorBody,
};
