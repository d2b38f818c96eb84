import { Button, ErrorBlock } from 'antd-mobile';
import { ApiError, TRANSPORT_CODE } from '../../../shared/api/envelope';

const TRANSPORT_CODES: ReadonlySet<number> = new Set(Object.values(TRANSPORT_CODE));

/**
 * A read that failed. A refusal by the server (e.g. 该用户不是您的下级 for a member of another
 * team) says so and offers no retry, since loading again cannot help; a failure on the way (offline,
 * timeout, HTTP) asks to check the network and load again.
 */
export function LoadError(props: { error?: unknown; onRetry(): void; compact?: boolean }) {
  const refused =
    props.error instanceof ApiError && !TRANSPORT_CODES.has(props.error.code) && props.error.message
      ? props.error.message
      : undefined;
  return (
    <ErrorBlock
      className={props.compact ? 'agent-error agent-error--compact' : 'agent-error'}
      status={refused ? 'default' : 'disconnected'}
      title={refused ?? '加载失败'}
      description={refused ? '' : '请检查网络后重试'}
    >
      {refused ? null : (
        <Button size="small" color="primary" fill="outline" shape="rounded" onClick={props.onRetry}>
          重新加载
        </Button>
      )}
    </ErrorBlock>
  );
}
