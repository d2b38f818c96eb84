import { type ConsoleMe, SESSION_USE_RECORDED_EVERY_MS } from '@lottery/contract/console/auth';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Modal } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConsoleApiError } from '../api/call';
import { errorText } from '../shared/errors';
import { meQuery, signedOut, signInPath } from './session';

/**
 * 会话即将过期. The server ends a staff session after `me.idleTimeoutMs` without a call, and
 * at `me.sessionExpiresAt` whatever. The console reckons the end on its own clock from its last
 * call that reached the server (any query or mutation, timed from when it was sent) and warns
 * WARN_BEFORE_MS ahead: 继续使用 asks `me`, which the server counts as use; 退出登录 signs out. At
 * zero it goes to the sign-in page (登录已过期) and back to this page afterwards.
 *
 * The reckoning errs early, never late: a call other than `me` may have been recorded by the
 * server up to SESSION_USE_RECORDED_EVERY_MS before it was sent. The absolute end is read against
 * the server's clock (`me.idleExpiresAt - me.idleTimeoutMs` is the server's time of the reply), so
 * a wrong clock on the staff member's computer does not move it. Tabs share one session, so each
 * tells the others of its calls (localStorage): working in one tab keeps the others quiet.
 */

/** The warning opens this long before the session would end (sooner for a very short timeout). */
const WARN_BEFORE_MS = 2 * 60 * 1000;
const TICK_MS = 1000;
const LAST_CALL_KEY = 'console.lastCallAt';

/** A call's answer came from a handler behind the gate, which had read (and used) the session. */
const reachedSession = (error: unknown) =>
  error === null || (error instanceof ConsoleApiError && error.status === 200);

function tellOtherTabs(at: number): void {
  try {
    localStorage.setItem(LAST_CALL_KEY, String(at));
  } catch {
    // storage off (a private window): each tab reckons alone
  }
}

/** When (local ms) this console last sent a call that reached the session, in any of its tabs. */
function useLastCallAt(client: QueryClient, since: number): number {
  const [lastCallAt, setLastCallAt] = useState(since);
  const record = useCallback((at: number) => setLastCallAt((last) => Math.max(last, at)), []);
  useEffect(() => record(since), [record, since]);
  useEffect(() => {
    const sentAt = new WeakMap<object, number>();
    const answered = (call: object, error: unknown) => {
      const at = sentAt.get(call);
      sentAt.delete(call);
      if (at === undefined || !reachedSession(error)) return;
      record(at);
      tellOtherTabs(at);
    };
    const stopQueries = client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      const { action, query } = event;
      if (action.type === 'fetch') sentAt.set(query, Date.now());
      // a manual success is setQueryData: no call
      else if (action.type === 'success' && !action.manual) answered(query, null);
      else if (action.type === 'error') answered(query, action.error);
    });
    const stopMutations = client.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      const { action, mutation } = event;
      if (action.type === 'pending') sentAt.set(mutation, Date.now());
      else if (action.type === 'success') answered(mutation, null);
      else if (action.type === 'error') answered(mutation, action.error);
    });
    // the storage event comes from the other tabs only
    const onStorage = (event: StorageEvent) => {
      const at = Number(event.newValue);
      if (event.key === LAST_CALL_KEY && Number.isFinite(at)) record(at);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      stopQueries();
      stopMutations();
      window.removeEventListener('storage', onStorage);
    };
  }, [client, record]);
  return lastCallAt;
}

/** Whole seconds until `endsAt` once within `warnWithin` ms of it (0 at or after it), else null. */
function useSecondsLeft(endsAt: number, warnWithin: number): number | null {
  const read = useCallback(() => {
    const left = endsAt - Date.now();
    return left > warnWithin ? null : Math.max(0, Math.ceil(left / 1000));
  }, [endsAt, warnWithin]);
  const [seconds, setSeconds] = useState(read);
  useEffect(() => {
    setSeconds(read());
    // outside the window the value stays null and nothing renders again
    const timer = setInterval(() => setSeconds(read()), TICK_MS);
    return () => clearInterval(timer);
  }, [read]);
  return seconds;
}

const clockText = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export interface IdleWarningProps {
  me: ConsoleMe;
  /** When (local ms) `me` was answered. */
  meAt: number;
  onSignOut: () => void;
  signingOut: boolean;
}

export function IdleWarning({ me, meAt, onSignOut, signingOut }: IdleWarningProps) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { message } = App.useApp();
  const lastCallAt = useLastCallAt(client, meAt);

  const idleEndsAt = lastCallAt + me.idleTimeoutMs - SESSION_USE_RECORDED_EVERY_MS;
  const serverAhead = me.idleExpiresAt - me.idleTimeoutMs - meAt;
  const finalEndsAt = me.sessionExpiresAt - serverAhead;
  // at the session's final end 继续使用 cannot help
  const final = finalEndsAt <= idleEndsAt;
  // CONSOLE_IDLE_MINUTES may be as short as 1: the warning then takes half the quiet time, not all
  const warnWithin = Math.min(WARN_BEFORE_MS, (me.idleTimeoutMs - SESSION_USE_RECORDED_EVERY_MS) / 2);
  const seconds = useSecondsLeft(Math.min(idleEndsAt, finalEndsAt), warnWithin);
  const [dismissedFinal, setDismissedFinal] = useState(false);

  const keepAlive = useMutation({
    mutationFn: () => client.fetchQuery({ ...meQuery, staleTime: 0 }),
    onError: (error) => {
      // signed out already: the app sends the visitor to sign in
      if (!(error instanceof ConsoleApiError && error.signedOut)) void message.error(errorText(error));
    },
  });

  const here = location.pathname + location.search;
  useEffect(() => {
    if (seconds !== 0) return;
    // away from the desks first: forgetting `me` under a mounted shell would ask for it again
    void Promise.resolve(navigate(signInPath(here, true), { replace: true })).then(() => signedOut(client));
  }, [seconds, here, navigate, client]);

  const open = seconds !== null && seconds > 0 && !(final && dismissedFinal);
  return (
    <Modal
      open={open}
      title="会话即将过期"
      closable={final}
      mask={{ closable: false }}
      keyboard={final}
      onCancel={() => setDismissedFinal(true)}
      // above any dialog the staff member was in
      zIndex={1200}
      footer={[
        <Button key="sign-out" onClick={onSignOut} loading={signingOut}>
          退出登录
        </Button>,
        final ? (
          <Button key="ok" type="primary" onClick={() => setDismissedFinal(true)}>
            知道了
          </Button>
        ) : (
          <Button
            key="continue"
            type="primary"
            onClick={() => keepAlive.mutate()}
            loading={keepAlive.isPending}
          >
            继续使用
          </Button>
        ),
      ]}
    >
      <p data-testid="idle-warning">
        {final ? '本次登录已到最长时限，' : '您已较长时间未操作，'}会话将在{' '}
        <strong data-testid="idle-countdown">{clockText(seconds ?? 0)}</strong> 后
        {final ? '结束，请保存工作后重新登录。' : '过期。'}
      </p>
    </Modal>
  );
}
