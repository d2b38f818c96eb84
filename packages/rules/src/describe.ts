import { K3_SELECTION_MAX_ITEMS, type Shortened, shortenSelection } from './display';
import type { Family } from './family';
import type { PlayDef, PlayInput } from './play';

/**
 * A bet's numbers as a player reads them (spec/betting.md §5 Display), one formatter for every
 * screen: the single-mode footer, the basket, the bet detail and the share card. The wire format
 * (`3||||7,8`, `大,小,单|||||`) is never shown.
 */

/** The option slots of an options play: labels are slot label + option code ('冠军大'). */
export interface OptionSlotView {
  label: string;
  /** Indices into the flattened option list. */
  indices: number[];
}

export function optionSlots(input: Extract<PlayInput, { kind: 'options' }>): OptionSlotView[] {
  const slots: OptionSlotView[] = [];
  input.options.forEach((o, i) => {
    const label = o.label.endsWith(o.code) ? o.label.slice(0, o.label.length - o.code.length) : '';
    const last = slots[slots.length - 1];
    if (last && last.label === label) last.indices.push(i);
    else slots.push({ label, indices: [i] });
  });
  return slots;
}

/**
 * Positional rows as '万位 3  个位 7,8', banker/drag as '胆 01 拖 02,03', option slots as
 * '冠军 大  亚军 小'; one-pool kinds as written ('01,02,03').
 */
export function describeSelection(play: PlayDef, bettingNumber: string): string {
  const { input } = play;
  const parts = bettingNumber.split('|');
  if (input.kind === 'positional' && parts.length === input.rows.length && parts.length > 1) {
    return labelled(parts, (i) => input.rows[i]!.label);
  }
  if (input.kind === 'bankerDrag' && parts.length === 2) return `胆 ${parts[0]} 拖 ${parts[1]}`;
  if (input.kind === 'options') {
    const slots = optionSlots(input);
    if (slots.length > 1 && parts.length === slots.length) return labelled(parts, (i) => slots[i]!.label);
  }
  return bettingNumber;
}

function labelled(parts: readonly string[], label: (i: number) => string): string {
  return parts
    .map((p, i) => (p ? `${label(i)} ${p}` : ''))
    .filter(Boolean)
    .join('  ');
}

/**
 * The selection as shown in a list: over 30 characters (Chinese counts 2) cut with '...'; a K3
 * selection of more than 12 items shows its first 12. `shortened` asks for a detail link that
 * shows the whole text.
 */
export function shortSelection(family: Family, text: string): Shortened {
  if (family === 'K3') {
    const items = text.split(',');
    if (items.length > K3_SELECTION_MAX_ITEMS) {
      return { text: `${items.slice(0, K3_SELECTION_MAX_ITEMS).join(',')}...`, shortened: true };
    }
    return { text, shortened: false };
  }
  return shortenSelection(text);
}

/** The drawn numbers as shown: a BJ28 draw as its sum ('1+6+1=8'), others as drawn. */
export function describeDraw(family: Family, openNumber: string): string {
  if (family !== 'BJ28' || !openNumber) return openNumber;
  const digits = openNumber.split(',').map(Number);
  if (digits.length !== 3 || digits.some((d) => !Number.isInteger(d))) return openNumber;
  return `${digits.join('+')}=${digits.reduce((a, b) => a + b, 0)}`;
}
