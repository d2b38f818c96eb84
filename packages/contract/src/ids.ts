import { z } from 'zod';
import { Codes } from './codes';

/**
 * Ids as the database holds them (apps/server/src/db/migrations). A `serial` column is int4
 * (1..2 147 483 647): announcements, content articles, activities and their red-envelope pools,
 * yuebao activities and pledge products, support lines, banners, security questions. A `bigserial`
 * column is int8; on the wire it stays a JS number, so it is bounded by 2^53 - 1 (zod's `.int()`
 * refuses unsafe integers too; the bound is stated here so that it cannot be lost).
 *
 * Every answer is -2. Not a positive integer (`abc`, `1.5`, `0`, `NaN`): 参数错误. A well-formed
 * integer past the column (`2147483648`, `9223372036854775808`): the message the call gives for an
 * id with no row (`missing`, e.g. 公告不存在), as no row can have it. Both keep the TS type `number`.
 * The range check comes first so that 2^63 is "missing" like 2^31, not "not an integer".
 */
export const INT4_MAX = 2_147_483_647;

function boundedId(max: number, missing: string) {
  const malformed = Codes.INVALID_PARAM.msg;
  return z.coerce.number({ error: malformed }).max(max, missing).int(malformed).positive(malformed);
}

/** An id of an int4 (`serial`) column; `missing`: the call's message for an id with no row. */
export function serialId(missing: string = Codes.INVALID_PARAM.msg) {
  return boundedId(INT4_MAX, missing);
}

/** An id of an int8 (`bigserial`) column; `missing`: the call's message for an id with no row. */
export function bigserialId(missing: string = Codes.INVALID_PARAM.msg) {
  return boundedId(Number.MAX_SAFE_INTEGER, missing);
}

const ID_LIST = /^\d+(,\d+){0,99}$/;

/**
 * Up to 100 int8 ids joined by commas (`3,17,42`), as the chat's delete calls send them; each one
 * within the column's range. Stays a string: the handler splits it.
 */
export function bigserialIdList(message: string) {
  return z
    .string()
    .regex(ID_LIST, message)
    .refine(
      (list) =>
        list.split(',').every((id) => {
          const n = Number(id);
          return n > 0 && n <= Number.MAX_SAFE_INTEGER;
        }),
      message,
    );
}

/** A reference to an int8 row that a caller may leave as 0 (none), e.g. an envelope's room. */
export function bigserialRef() {
  return z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
}
