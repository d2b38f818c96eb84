import { fieldError } from '@lottery/contract/fields';

type FieldSchema = Parameters<typeof fieldError>[0];

/**
 * A check as an antd-mobile `Form.Item` rule: the message it returns is the field's error. Forms
 * use it so a field shows exactly the words the server would answer (contract/src/fields.ts).
 */
export function formRule(check: (value: string) => string | undefined) {
  return {
    validator: async (_: unknown, value: unknown) => {
      const message = check(typeof value === 'string' ? value : '');
      if (message) throw new Error(message);
    },
  };
}

/** A contract field rule (fields.ts) as a `Form.Item` rule; `trim` checks the value as it will be sent. */
export function fieldRule(schema: FieldSchema, options: { trim?: boolean } = {}) {
  return formRule((value) => fieldError(schema, options.trim ? value.trim() : value));
}
