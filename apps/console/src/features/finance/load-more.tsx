import { Button, Flex, Typography } from 'antd';

/** The foot of a keyset list: 加载更多 while the server has more, else how many rows are shown. */
export function LoadMore({
  shown,
  hasMore,
  loading,
  onMore,
}: {
  shown: number;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}) {
  return (
    <Flex justify="center" className="console-gap-top">
      {hasMore ? (
        <Button onClick={onMore} loading={loading}>
          加载更多
        </Button>
      ) : (
        shown > 0 && <Typography.Text type="secondary">已显示全部记录（共 {shown} 条）</Typography.Text>
      )}
    </Flex>
  );
}
