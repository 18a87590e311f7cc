import { z } from 'zod';
import type { MessageKey } from './messages.ts';

/** Every answer of the public API has this body: code 200 is success, 401 means "log in". */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.number().int(),
    msg: z.string(),
    key: z.string(),
    data,
  });

export type Envelope<T> = {
  code: number;
  msg: string;
  key: MessageKey | string;
  data: T;
};

/** Details a refusal may carry, e.g. the field it is about or values its message interpolates. */
export const refusalDataSchema = z
  .object({
    field: z.string().optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  })
  .nullable();
export type RefusalData = z.infer<typeof refusalDataSchema>;

/** The body of every refusal (4xx and 5xx): the key says why, data names the field or the message's values. */
export const refusalEnvelopeSchema = envelopeSchema(refusalDataSchema);
