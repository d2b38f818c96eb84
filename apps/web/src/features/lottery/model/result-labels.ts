import {
  bj28Labels,
  k3Labels,
  kl8Labels,
  lhcNumberLabels,
  pk10Labels,
  sscLabels,
} from '@lottery/rules/display';
import type { Family } from '@lottery/rules/family';

/**
 * The sum and two-face labels shown next to a drawn result (DESIGN.md §9 results strip), from the
 * display helpers of packages/rules.
 */
export interface ResultSummary {
  sum?: number;
  labels: string[];
}

export function resultSummary(family: Family, numbers: readonly string[], lunarYear?: number): ResultSummary {
  if (numbers.length === 0) return { labels: [] };
  switch (family) {
    case 'K3': {
      const l = k3Labels(numbers);
      return { sum: l.sum, labels: [l.total.size, l.total.parity] };
    }
    case 'SSC': {
      const l = sscLabels(numbers);
      return { sum: l.sum, labels: [l.total.size, l.total.parity, l.dragonTiger] };
    }
    case 'PK10': {
      const l = pk10Labels(numbers);
      return { sum: l.topTwoSum, labels: [l.topTwo.size, l.topTwo.parity, ...l.dragonTiger] };
    }
    case 'BJ28': {
      const l = bj28Labels(numbers);
      return {
        sum: l.sum,
        labels: [l.size, l.parity, ...(l.extreme ? [l.extreme] : []), ...(l.colour ? [l.colour] : [])],
      };
    }
    case 'KL8': {
      const l = kl8Labels(numbers);
      return { sum: l.sum, labels: [l.upDown, l.oddEven, l.size] };
    }
    case 'LHC': {
      const special = numbers[numbers.length - 1]!;
      if (lunarYear === undefined) return { labels: [] };
      const l = lhcNumberLabels(special, lunarYear);
      return { labels: [l.zodiac, l.wave, ...(l.size ? [l.size] : []), ...(l.parity ? [l.parity] : [])] };
    }
    default: {
      const sum = numbers.reduce((n, v) => n + Number(v), 0);
      return { sum, labels: [] };
    }
  }
}
