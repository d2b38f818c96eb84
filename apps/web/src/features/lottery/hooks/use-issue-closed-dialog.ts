import { useEffect, useRef } from 'react';
import { closedMessage } from '../model/countdown';

const CLOSED_DIALOG_MS = 6_000;
const loadBettingDialogs = () => import('../components/betting-dialogs');

/**
 * Issue rollover: the 6-second dialog n期已封盘，当前为m期 when the issue on sale changes. Fast mode
 * bets no issue, so its rollover says nothing to the player (and must not clear the loop's 开奖进行中
 * question).
 */
export function useIssueClosedDialog(issue: string | undefined, fastMode: boolean): void {
  const shownIssue = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!issue || fastMode) return;
    const previous = shownIssue.current;
    shownIssue.current = issue;
    if (!previous || previous === issue) return;
    const message = closedMessage(previous, issue);
    let handler: { close(): void } | undefined;
    let closed = false;
    void loadBettingDialogs()
      .then(({ showIssueClosedDialog }) => showIssueClosedDialog(message, () => closed))
      .then((shown) => {
        handler = shown;
      });
    const timer = setTimeout(() => {
      closed = true;
      handler?.close();
    }, CLOSED_DIALOG_MS);
    return () => clearTimeout(timer);
  }, [issue, fastMode]);
}
