import type { Shortened } from '@lottery/rules/display';
import { feedbackWidgets } from './feedback';
import './short-text.css';

/**
 * A shortened selection or draw (spec/betting.md §5 Display) with its detail link: the cut text and
 * 详情; a tap on either shows the whole text. Unshortened text is plain.
 */
export function ShortText({
  short,
  full,
  title,
  className,
  testId,
}: {
  short: Shortened;
  full: string;
  title: string;
  className?: string;
  testId?: string;
}) {
  if (!short.shortened) {
    return (
      <span className={className} data-testid={testId}>
        {full}
      </span>
    );
  }
  const open = () =>
    void feedbackWidgets().then(({ Dialog }) =>
      Dialog.alert({ title, content: <div className="short-text-full">{full}</div>, confirmText: '确定' }),
    );
  return (
    <button type="button" className={`short-text ${className ?? ''}`} data-testid={testId} onClick={open}>
      {short.text}
      <span className="short-text-link">详情</span>
    </button>
  );
}
