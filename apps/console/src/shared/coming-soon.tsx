import { Card, Result } from 'antd';

/** A desk of the menu that part 2 builds (issue 40): the entry is there, the screens are not yet. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Card>
      <Result status="info" title={title} subTitle="即将开放，敬请期待！" />
    </Card>
  );
}
