import { Input } from 'antd-mobile';
import { displayMoney } from '../../../shared/format';
import { sanitizeAmountInput } from '../model/amount';

/** Amount entry: digits with up to 2 decimals (sanitised while typing), optional quick amounts. */
export function AmountInput(props: {
  value: string;
  onChange(value: string): void;
  placeholder: string;
  quickAmounts?: string[];
}) {
  return (
    <div className="amount-entry">
      <div className="amount-field">
        <span className="amount-currency">¥</span>
        <Input
          inputMode="decimal"
          placeholder={props.placeholder}
          value={props.value}
          onChange={(v) => props.onChange(sanitizeAmountInput(v))}
          clearable
        />
      </div>
      {props.quickAmounts?.length ? (
        <div className="amount-quick">
          {props.quickAmounts.map((q) => {
            const plain = q.replace(/\.00$/, '');
            return (
              <button
                key={q}
                type="button"
                className={props.value === plain ? 'selected' : undefined}
                onClick={() => props.onChange(plain)}
              >
                {displayMoney(q).replace(/\.00$/, '')}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
