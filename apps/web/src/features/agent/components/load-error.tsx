import { Button, ErrorBlock } from 'antd-mobile';

/**
 * A read that failed: the shell has already shown why (the server's message or the network
 * text); the page keeps its header and offers to load again.
 */
export function LoadError(props: { onRetry(): void; compact?: boolean }) {
  return (
    <ErrorBlock
      className={props.compact ? 'agent-error agent-error--compact' : 'agent-error'}
      status="disconnected"
      title="加载失败"
      description="请检查网络后重试"
    >
      <Button size="small" color="primary" fill="outline" shape="rounded" onClick={props.onRetry}>
        重新加载
      </Button>
    </ErrorBlock>
  );
}
