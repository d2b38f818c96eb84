import { Alert, App, Button, Checkbox, Flex, Typography } from 'antd';
import { useState } from 'react';

/**
 * The recovery codes, shown this once (the server keeps only their hashes): copy them or download
 * them as a text file, and say so before going on.
 */
export function RecoveryCodes({
  codes,
  account,
  onContinue,
}: {
  codes: readonly string[];
  account: string;
  onContinue: () => void;
}) {
  const { message } = App.useApp();
  const [kept, setKept] = useState(false);
  const text = [
    `运营后台恢复码 · 账号 ${account}`,
    '每个恢复码只能使用一次，请妥善保管。',
    '',
    ...codes,
    '',
  ].join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      void message.success('恢复码已复制');
    } catch {
      void message.error('无法访问剪贴板，请改用下载');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `recovery-codes-${account}.txt`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div>
      <Alert
        type="warning"
        showIcon
        title="恢复码只显示这一次"
        description="手机丢失或无法使用身份验证器时，可用恢复码代替动态验证码登录，每个只能使用一次。请现在复制或下载并妥善保存。"
        className="console-gap"
      />
      <ol className="console-recovery-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <Typography.Text code>{code}</Typography.Text>
          </li>
        ))}
      </ol>
      <Flex gap={12} className="console-gap">
        <Button onClick={() => void copy()}>复制全部</Button>
        <Button onClick={download}>下载为文本文件</Button>
      </Flex>
      <Checkbox checked={kept} onChange={(event) => setKept(event.target.checked)} className="console-gap">
        我已妥善保存恢复码
      </Checkbox>
      <Button type="primary" size="large" block disabled={!kept} onClick={onContinue}>
        进入运营后台
      </Button>
    </div>
  );
}
