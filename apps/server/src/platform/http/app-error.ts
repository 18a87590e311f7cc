import { codeOf, type MessageKey } from '@app/contracts';

export type ErrorParams = Record<string, string | number>;

/** A refusal the user should read: a catalogue key, optional interpolation values and the field it concerns. */
export class AppError extends Error {
  readonly key: MessageKey;
  readonly params: ErrorParams | undefined;
  readonly field: string | undefined;
  readonly code: number;

  constructor(key: MessageKey, options: { params?: ErrorParams; field?: string } = {}) {
    super(key);
    this.name = 'AppError';
    this.key = key;
    this.params = options.params;
    this.field = options.field;
    this.code = codeOf(key);
  }
}
