import { TextArea } from 'antd-mobile';
import { useState } from 'react';
import { manualEntryHint } from '../model/manual-hint';
import { cleanManualText, type Selection } from '../model/selection';

/** The manual-entry picker (手动输入 plays): numbers typed or pasted, cleaned as they come. */
export function ManualEntry({
  selection,
  onChange,
  ticketLength,
  numbers,
}: {
  selection: Extract<Selection, { kind: 'manual' }>;
  onChange(next: Selection): void;
  ticketLength: number;
  /** The play's numbers: two-digit ones are joined by commas inside a ticket. */
  numbers: readonly string[];
}) {
  const [focused, setFocused] = useState(false);
  const hint = manualEntryHint(ticketLength, numbers);
  return (
    <div className="picker manual-entry">
      <TextArea
        className="manual-input"
        placeholder={hint.placeholder}
        value={selection.text}
        rows={5}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onChange={(text) => onChange({ kind: 'manual', text: cleanManualText(text) })}
      />
      <div className={`manual-hint${focused ? ' manual-hint--on' : ''}`}>{hint.cleaning}</div>
    </div>
  );
}
