import { z } from 'zod';

/** Every error code the API can answer with. The web client maps codes to the ru catalogue. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  'ORIGIN_REJECTED',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_OR_NICKNAME_TAKEN',
  'CURRENT_SESSION',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
] as const;

export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** The one error body: `{ error: { code, message, fields? } }`. `fields` maps a body field to a validation key. */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
