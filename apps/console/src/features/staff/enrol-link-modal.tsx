import { Alert, Modal, Typography } from 'antd';
import { formatTime } from '../../shared/format';

export interface ShownLink {
  account: string;
  enrolPath: string;
  enrolExpiresAt: number;
}

/**
 * A one-time enrolment link, shown once: the owner hands it to the staff member (not by the same
 * channel as anything else secret), who sets a password and binds TOTP with it.
 */
export function EnrolLinkModal({ link, onClose }: { link: ShownLink | null; onClose: () => void }) {
  const url = link ? `${window.location.origin}${link.enrolPath}` : '';
  return (
    <Modal
      open={link !== null}
      title="激活链接"
      onOk={onClose}
      onCancel={onClose}
      okText="我已保存"
      cancelButtonProps={{ style: { display: 'none' } }}
      width={640}
      destroyOnHidden
    >
      {link && (
        <>
          <Alert
            type="warning"
            showIcon
            title="链接只显示这一次"
            description={`请把链接交给 ${link.account} 本人。打开后设置密码并绑定动态验证码，链接随即失效。`}
            className="console-gap"
          />
          <Typography.Paragraph
            copyable={{ text: url, tooltips: ['复制链接', '已复制'] }}
            className="console-link"
            data-testid="enrol-link"
          >
            {url}
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            有效期至 {formatTime(link.enrolExpiresAt)}（北京时间）
          </Typography.Text>
        </>
      )}
    </Modal>
  );
}
