import type { CodeDef } from '@lottery/contract/codes';

/** A business outcome other than success: becomes `{ code, msg, data? }` with HTTP 200. */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: number,
    msg: string,
    readonly data?: unknown,
  ) {
    super(msg);
  }

  static of(def: CodeDef, msg: string = def.msg, data?: unknown): DomainError {
    return new DomainError(def.code, msg, data);
  }
}
