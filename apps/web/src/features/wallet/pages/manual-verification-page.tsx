import {
  AUDIT_IMAGES_MAX,
  SubmitVerificationRequest,
  VerificationMessages,
  VerificationStatusRequest,
} from '@lottery/contract/verification';
import { Button, Input, Tabs, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/envelope';
import { toastInfo, toastSuccess } from '../../../shared/ui/toast';
import { submitVerification, uploadAuditImage, verificationStatus } from '../api/manual-verification';
import { FormSubmit } from '../components/form-submit';
import '../wallet.css';

const M = VerificationMessages;
/** The typed fields under the request's own rules (contract verification.ts), so the page refuses what the server does. */
const TYPED_FIELDS = SubmitVerificationRequest.pick({
  userName: true,
  realName: true,
  phone: true,
  note: true,
});
type Photo = { name: string; preview: string };

/** A preview as a data: URL (the page's CSP allows data: pictures, not blob:). */
function dataUrlOf(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * /manualVerification: a player who cannot pass /forgotPassword's steps sends identity details and
 * 1-3 photos, keeps the receipt, and later looks the request up; an approved one goes on to
 * /setLoginPassword with its one-time token (docs/manual-verification.md).
 */
export default function ManualVerificationPage() {
  const [tab, setTab] = useState('submit');
  const [receipt, setReceipt] = useState<{ userName: string; receipt: string } | null>(null);
  return (
    <div className="wallet-page">
      <Tabs activeKey={tab} onChange={setTab}>
        <Tabs.Tab title="提交申请" key="submit">
          {receipt ? (
            <ReceiptCard {...receipt} onLookUp={() => setTab('status')} />
          ) : (
            <SubmitForm onDone={setReceipt} />
          )}
        </Tabs.Tab>
        <Tabs.Tab title="查询进度" key="status">
          <StatusForm initial={receipt} />
        </Tabs.Tab>
      </Tabs>
    </div>
  );
}

function SubmitForm({ onDone }: { onDone(r: { userName: string; receipt: string }): void }) {
  const [userName, setUserName] = useState('');
  const [realName, setRealName] = useState('');
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);

  const addPhoto = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const [name, preview] = await Promise.all([uploadAuditImage(file), dataUrlOf(file)]);
      setPhotos((list) => [...list, { name, preview }]);
    } catch (error) {
      toastInfo(error instanceof ApiError ? error.message : '上传失败');
    } finally {
      setUploading(false);
    }
  };

  const submit = async () => {
    if (sending) return;
    const name = userName.trim();
    const error =
      TYPED_FIELDS.safeParse({ userName, realName, phone, note }).error?.issues[0]?.message ??
      (photos.length === 0 ? M.images : null);
    if (error) return toastInfo(error);
    setSending(true);
    try {
      const images = photos.map((p) => p.name);
      const { receipt } = await submitVerification({
        userName: name,
        realName: realName.trim(),
        phone,
        note,
        images,
      });
      toastSuccess(M.submitted);
      onDone({ userName: name, receipt });
    } catch {
      // the shell showed the message
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <p className="page-hint">
        无法通过手机、邮箱或密保问题找回密码时，请提交身份信息，客服审核通过后即可重新设置登录密码。
      </p>
      <div className="card form-list">
        <div className="field-row">
          <span>账号</span>
          <Input placeholder="请输入账号" value={userName} onChange={setUserName} maxLength={20} clearable />
        </div>
        <div className="field-row">
          <span>真实姓名</span>
          <Input
            placeholder="与绑定银行卡一致"
            value={realName}
            onChange={setRealName}
            maxLength={30}
            clearable
          />
        </div>
        <div className="field-row">
          <span>手机号码</span>
          <Input
            placeholder="用于客服联系您"
            type="tel"
            value={phone}
            onChange={setPhone}
            maxLength={11}
            clearable
          />
        </div>
        <div className="field-row field-row-top">
          <span>情况说明</span>
          <TextArea placeholder="选填，最多200字" value={note} onChange={setNote} maxLength={200} rows={3} />
        </div>
      </div>
      <div className="card">
        <h4 className="card-title">证件照片（1-{AUDIT_IMAGES_MAX}张）</h4>
        <p className="page-hint">请上传身份证正反面或手持身份证照片，仅供审核使用。</p>
        <div className="audit-photos">
          {photos.map((p) => (
            <img key={p.name} src={p.preview} alt="证件照片" width={96} height={96} />
          ))}
          {photos.length < AUDIT_IMAGES_MAX ? (
            <label className="audit-photo-add" aria-busy={uploading}>
              <span>{uploading ? '上传中...' : '+ 添加照片'}</span>
              <input
                type="file"
                accept="image/jpeg,image/png,image/gif"
                disabled={uploading}
                onChange={(e) => {
                  void addPhoto(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            </label>
          ) : null}
        </div>
      </div>
      <FormSubmit sending={sending} onSubmit={submit}>
        提交申请
      </FormSubmit>
    </>
  );
}

function ReceiptCard({
  userName,
  receipt,
  onLookUp,
}: {
  userName: string;
  receipt: string;
  onLookUp(): void;
}) {
  return (
    <div className="card receipt-card">
      <h4 className="card-title">申请已提交</h4>
      <p>账号：{userName}</p>
      <p>
        受理编号：<strong data-testid="receipt">{receipt}</strong>
      </p>
      <p className="page-hint">请截图或记下受理编号，凭账号和受理编号查询审核进度。</p>
      <Button block fill="outline" color="primary" shape="rounded" onClick={onLookUp}>
        查询进度
      </Button>
    </div>
  );
}

const STATE_TEXT = {
  pending: '审核中，请耐心等待',
  rejected: '审核未通过',
  used: '该申请已使用，如需再次找回请重新提交',
} as const;

function StatusForm({ initial }: { initial: { userName: string; receipt: string } | null }) {
  const navigate = useNavigate();
  const [userName, setUserName] = useState(initial?.userName ?? '');
  const [receipt, setReceipt] = useState(initial?.receipt ?? '');
  const [answer, setAnswer] = useState<{ state: keyof typeof STATE_TEXT; reason: string } | null>(null);
  const [sending, setSending] = useState(false);

  const lookUp = async () => {
    if (sending) return;
    const name = userName.trim();
    const error = VerificationStatusRequest.safeParse({ userName, receipt }).error?.issues[0]?.message;
    if (error) return toastInfo(error);
    setSending(true);
    try {
      const status = await verificationStatus(name, receipt.trim());
      if (status.state === 'approved' && status.token) {
        toastSuccess('审核已通过，请设置新密码');
        void navigate('/setLoginPassword', { replace: true, state: { userName: name, token: status.token } });
        return;
      }
      setAnswer({ state: status.state === 'approved' ? 'used' : status.state, reason: status.reason });
    } catch {
      // the shell showed the message
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <div className="card form-list">
        <div className="field-row">
          <span>账号</span>
          <Input placeholder="请输入账号" value={userName} onChange={setUserName} maxLength={20} clearable />
        </div>
        <div className="field-row">
          <span>受理编号</span>
          <Input
            placeholder="XXXX-XXXX-XXXX"
            value={receipt}
            onChange={setReceipt}
            maxLength={14}
            clearable
          />
        </div>
      </div>
      {answer ? (
        <div className="card verification-state" role="status">
          <p>{STATE_TEXT[answer.state]}</p>
          {answer.reason ? <p>原因：{answer.reason}</p> : null}
        </div>
      ) : null}
      <FormSubmit sending={sending} onSubmit={lookUp}>
        查询
      </FormSubmit>
    </>
  );
}
