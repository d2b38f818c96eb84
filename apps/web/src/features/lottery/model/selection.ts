import { optionSlots } from '@lottery/rules/describe';
import type { PlayDef, PlayInput } from '@lottery/rules/play';

/**
 * What the player has picked on the current play, per input kind, and how it becomes the bet
 * line's bettingNumber (packages/rules text format: positions '|', numbers ',', manual tickets ' ').
 * Pure: the pickers render it, the footer counts it with the play's own `count`.
 */
export type Selection =
  | { kind: 'positional'; rows: string[][] }
  | { kind: 'multiPick'; picked: string[] }
  | { kind: 'manual'; text: string }
  | { kind: 'bankerDrag'; bankers: string[]; drags: string[] }
  /** Indices into the play's flattened option list. */
  | { kind: 'options'; picked: number[] };

export function emptySelection(input: PlayInput): Selection {
  switch (input.kind) {
    case 'positional':
      return { kind: 'positional', rows: input.rows.map(() => []) };
    case 'multiPick':
      return { kind: 'multiPick', picked: [] };
    case 'manual':
      return { kind: 'manual', text: '' };
    case 'bankerDrag':
      return { kind: 'bankerDrag', bankers: [], drags: [] };
    case 'options':
      return { kind: 'options', picked: [] };
  }
}

export function isEmptySelection(s: Selection): boolean {
  switch (s.kind) {
    case 'positional':
      return s.rows.every((r) => r.length === 0);
    case 'multiPick':
      return s.picked.length === 0;
    case 'manual':
      return s.text.trim() === '';
    case 'bankerDrag':
      return s.bankers.length === 0 && s.drags.length === 0;
    case 'options':
      return s.picked.length === 0;
  }
}

/** Toggles `value` in a list, keeping the order of `order` (the picker's ball order). */
export function toggleIn(list: readonly string[], value: string, order: readonly string[]): string[] {
  const next = list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  return order.filter((v) => next.includes(v));
}

/** The quick buttons of a positional row (DESIGN.md §9): 全 大 小 单 双 清. */
export const QUICK_BUTTONS = ['全', '大', '小', '单', '双', '清'] as const;
export type QuickButton = (typeof QUICK_BUTTONS)[number];

/**
 * The balls a quick button selects in a row of numeric balls: 大 is the upper half of the range
 * (SSC 5-9, PK10 06-10, 11选5 06-11, LHC 25-49), 单/双 by the number's parity.
 */
export function quickPickRow(numbers: readonly string[], button: QuickButton): string[] {
  const values = numbers.map(Number);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const bigFrom = Math.floor((min + max + 1) / 2);
  switch (button) {
    case '全':
      return [...numbers];
    case '清':
      return [];
    case '大':
      return numbers.filter((n) => Number(n) >= bigFrom);
    case '小':
      return numbers.filter((n) => Number(n) < bigFrom);
    case '单':
      return numbers.filter((n) => Number(n) % 2 === 1);
    case '双':
      return numbers.filter((n) => Number(n) % 2 === 0);
  }
}

/** Whether a row's balls are numbers (quick buttons make sense) rather than words (大小单双). */
export function isNumericRow(numbers: readonly string[]): boolean {
  return numbers.every((n) => /^\d+$/.test(n));
}

/**
 * Manual entry cleaning (spec/betting.md §5): leading spaces removed; full-width comma and
 * semicolon converted; only digits, commas, semicolons and spaces kept.
 */
export function cleanManualText(text: string): string {
  return text
    .replace(/，/g, ',')
    .replace(/；/g, ';')
    .replace(/[^0-9,; ]/g, '')
    .replace(/^\s+/, '');
}

/** bettingNumber of a selection, '' when nothing is picked. */
export function bettingNumberOf(play: PlayDef, s: Selection): string {
  const { input } = play;
  if (s.kind === 'positional' && input.kind === 'positional') {
    if (s.rows.every((r) => r.length === 0)) return '';
    return s.rows.map((r) => r.join(',')).join('|');
  }
  if (s.kind === 'multiPick') return s.picked.join(',');
  if (s.kind === 'manual') return cleanManualText(s.text).trim().replace(/\s+/g, ' ');
  if (s.kind === 'bankerDrag') {
    if (s.bankers.length === 0 && s.drags.length === 0) return '';
    return `${s.bankers.join(',')}|${s.drags.join(',')}`;
  }
  if (s.kind === 'options' && input.kind === 'options') {
    if (s.picked.length === 0) return '';
    const slots = optionSlots(input);
    const codes = (indices: number[]) =>
      indices.filter((i) => s.picked.includes(i)).map((i) => input.options[i]!.code);
    if (slots.length === 1) return codes(slots[0]!.indices).join(',');
    return slots.map((slot) => codes(slot.indices).join(',')).join('|');
  }
  return '';
}

export interface Counted {
  count: number;
  /** The rule's message when the selection is not (yet) a valid bet. */
  error?: string;
}

/** Notes of a selection, counted by the play itself (the same code the server recounts with). */
export function countSelection(play: PlayDef, s: Selection): Counted {
  const text = bettingNumberOf(play, s);
  if (text === '') return { count: 0 };
  try {
    return { count: play.count(text) };
  } catch (error) {
    return { count: 0, error: error instanceof Error ? error.message : String(error) };
  }
}

/** A selection holding exactly one quick-picked note (机选): the text goes through as-is. */
export function quickPickText(play: PlayDef, random: () => number = Math.random): string {
  return play.quickPick(random);
}

/** The picked items as (code, label) pairs, to find the tiers they pay on. */
export function pickedItems(play: PlayDef, s: Selection): { code: string; label: string }[] {
  const { input } = play;
  if (s.kind === 'options' && input.kind === 'options') return s.picked.map((i) => input.options[i]!);
  if (s.kind === 'multiPick') return s.picked.map((n) => ({ code: n, label: n }));
  if (s.kind === 'positional') return s.rows.flat().map((n) => ({ code: n, label: n }));
  return [];
}

/**
 * Why a pick past the play's maximum is refused (a 9th 快乐8 number, an 11th 合肖 zodiac), in the
 * play's own rule words (最多选择8个号码, 合肖中需选择2-10个生肖); `最多选择N个` when the rule has none.
 */
export function overLimitMessage(play: PlayDef, refused: Selection, max: number): string {
  return countSelection(play, refused).error ?? `最多选择${max}个`;
}
