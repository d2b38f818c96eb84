import { TextArea } from 'antd-mobile';
import { useState } from 'react';
import { cleanManualText, type Selection } from '../model/selection';

/** The manual-entry picker (手动输入 plays): numbers typed or pasted, cleaned as they come. */
export function ManualEntry({
  selection,
  onChange,
  ticketLength,
}: {
  selection: Extract<Selection, { kind: 'manual' }>;
  onChange(next: Selection): void;
  ticketLength: number;
}) {
  const [focused, setFocused] = useState(false);
  return (
    <div className="picker manual-entry">
      <TextArea
        className="manual-input"
        placeholder={`每注${ticketLength}个号码，注与注之间用空格或分号隔开`}
        value={selection.text}
        rows={5}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onChange={(text) => onChange({ kind: 'manual', text: cleanManualText(text) })}
      />
      <div className={`manual-hint${focused ? ' manual-hint--on' : ''}`}>
        支持逗号、分号、空格分隔；全角符号自动转换，其它字符自动去除
      </div>
    </div>
  );
}
