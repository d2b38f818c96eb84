import { NickName } from '@lottery/contract/fields';
import { Button, Form, Input, List, Popup, Radio, Space } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fieldRule } from '../../../shared/lib/form-rule';
import { gradeTitle, zhCN } from '../../../shared/locales/zh-CN';
import { useUserStore } from '../../../shared/stores/user';
import { PageLoading } from '../../../shared/ui/page-loading';
import { toastInfo, toastSuccess } from '../../../shared/ui/toast';
import { useDefaultAvatars } from '../api/get-default-avatars';
import { useUpdateUserInfo } from '../api/update-user-info';
import { uploadAvatar } from '../api/upload-avatar';
import { UserAvatar } from '../components/user-avatar';
import './personal-info.css';

export const GENDERS = [
  { value: 0, label: '女' },
  { value: 1, label: '男' },
  { value: 2, label: '保密' },
] as const;

/** 上传头像: an own picture (users/uploadImage), re-encoded by the server and made the avatar at once. */
function AvatarUpload({ onUploaded }: { onUploaded: (url: string) => void }) {
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file || busy) return;
    setBusy(true);
    try {
      onUploaded(await uploadAvatar(file));
    } catch (error) {
      toastInfo(error instanceof Error ? error.message : '上传失败');
    } finally {
      setBusy(false);
    }
  };
  return (
    <label className="avatar-upload">
      <input
        type="file"
        accept="image/jpeg,image/png,image/gif,image/bmp"
        data-testid="avatar-upload"
        disabled={busy}
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {busy ? '上传中...' : '上传头像'}
    </label>
  );
}

function AvatarPicker({ current, onPick }: { current: string; onPick: (url: string) => void }) {
  const avatars = useDefaultAvatars();
  if (avatars.isPending) return <PageLoading />;
  return (
    <div className="avatar-grid">
      {(avatars.data ?? []).map((url) => (
        <button
          type="button"
          key={url}
          className="avatar-option"
          onClick={() => onPick(url)}
          aria-label="选择头像"
        >
          <img src={url} alt="" />
          {url === current ? <CheckCircleFill className="avatar-check" /> : null}
        </button>
      ))}
    </div>
  );
}

/** /personal/personalInfo: edit nickname, gender and avatar (users/infoUpdate). */
export default function PersonalInfoPage() {
  const navigate = useNavigate();
  const user = useUserStore((s) => s.user);
  const patch = useUserStore((s) => s.patch);
  const update = useUpdateUserInfo();
  const [picking, setPicking] = useState(false);
  const [form] = Form.useForm<{ nickName: string; gender: number }>();
  if (!user) return null;

  const save = async (input: { nickName?: string; gender?: number; avatar?: string }) => {
    try {
      patch(await update.mutateAsync(input));
      toastSuccess(zhCN.modifyOk);
    } catch {
      // the shell showed the server's message
    }
  };

  return (
    <div className="personal-info">
      <List mode="card" className="uc-menu">
        <List.Item
          extra={<UserAvatar src={user.avatar} name={user.nickName || user.userName} size={44} />}
          onClick={() => setPicking(true)}
        >
          头像
        </List.Item>
        <List.Item extra={user.userName}>账号</List.Item>
        <List.Item
          extra={<span className="gold">{gradeTitle(user.grade)}</span>}
          onClick={() => navigate('/personal/personalGrade')}
        >
          我的等级
        </List.Item>
      </List>
      <Form
        form={form}
        mode="card"
        layout="horizontal"
        className="personal-form"
        initialValues={{ nickName: user.nickName ?? '', gender: user.gender ?? 2 }}
        onFinish={(values) => void save({ nickName: values.nickName.trim(), gender: values.gender })}
        footer={
          <Button block type="submit" color="primary" shape="rounded" loading={update.isPending}>
            保存
          </Button>
        }
      >
        <Form.Item name="nickName" label="昵称" rules={[fieldRule(NickName, { trim: true })]}>
          <Input placeholder="5-50位字母、数字、下划线或中文" clearable maxLength={50} />
        </Form.Item>
        <Form.Item name="gender" label="性别" childElementPosition="right">
          <Radio.Group>
            <Space>
              {GENDERS.map((g) => (
                <Radio key={g.value} value={g.value}>
                  {g.label}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
      </Form>
      <Popup
        visible={picking}
        onMaskClick={() => setPicking(false)}
        bodyStyle={{ borderRadius: '14px 14px 0 0', padding: '14px 12px 24px' }}
      >
        <h3 className="popup-title">选择头像</h3>
        {picking ? (
          <AvatarUpload
            onUploaded={(avatar) => {
              setPicking(false);
              patch({ avatar });
              toastSuccess(zhCN.modifyOk);
            }}
          />
        ) : null}
        {picking ? (
          <AvatarPicker
            current={user.avatar}
            onPick={(avatar) => {
              setPicking(false);
              void save({ avatar });
            }}
          />
        ) : null}
      </Popup>
    </div>
  );
}
