import { Button, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../../shared/ui/page-loading';
import { toastSuccess } from '../../../shared/ui/toast';
import { useCreateInviteCode } from '../api/create-invite-code';
import { useRebate } from '../api/get-rebate';
import { LevelPicker } from '../components/level-picker';
import { LoadError } from '../components/load-error';
import { TypeRebateEditor } from '../components/type-rebate-editor';
import { useAgentId } from '../model/agent-user';
import { rebateLabel } from '../model/format';
import { CODE_TYPES, type CodeType } from '../model/invite-link';
import { encodeTypeRebates } from '../model/type-rebates';
import '../components/agent.css';

/**
 * /invatationCode 邀请码: create a code for players or agents (?codeType=1 preselects 代理) with a
 * rebate from the agent's own levels. The server's message (创建成功, or why not) is shown as it
 * comes; then the list of that type opens with the new code first.
 */
export default function InviteCodePage() {
  const agentId = useAgentId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [codeType, setCodeType] = useState<CodeType>(params.get('codeType') === '1' ? 1 : 0);
  const [rebate, setRebate] = useState<string>();
  const [byType, setByType] = useState<Record<number, string>>({});
  const rebateInfo = useRebate(agentId);
  const create = useCreateInviteCode();

  if (rebateInfo.isPending) return <PageLoading />;
  if (rebateInfo.isError)
    return <LoadError error={rebateInfo.error} onRetry={() => void rebateInfo.refetch()} />;
  const info = rebateInfo.data;
  const chosen = rebate ?? info.levels[0]?.rebate;

  const submit = async () => {
    if (chosen === undefined) return;
    const typeRebates = encodeTypeRebates(info.types, chosen, byType);
    const created = await create
      .mutateAsync({ codeType, rebate: chosen, typeRebates })
      .catch(() => undefined);
    if (!created) return;
    toastSuccess(created.msg);
    void navigate(codeType === 1 ? '/invatationCodeManage?codeType=1' : '/invatationCodeManage', {
      replace: true,
    });
  };

  return (
    <div className="agent-page">
      <section className="agent-banner">
        <p className="agent-banner-label">我的返点</p>
        <p className="agent-banner-value">{rebateLabel(info.rebate)}</p>
        <p className="agent-banner-note">下级返点不能高于您自己的返点，差额即为您的收益</p>
      </section>
      <section className="agent-form card">
        <div className="agent-form-row">
          <span className="agent-form-label">开户类型</span>
          <Selector
            className="agent-selector"
            columns={2}
            value={[codeType]}
            onChange={(v) => {
              if (v[0] !== undefined) setCodeType(v[0]);
            }}
            options={CODE_TYPES.map((t) => ({ label: t.label, value: t.codeType }))}
          />
        </div>
        <div className="agent-form-row">
          <span className="agent-form-label">返点设置</span>
          <LevelPicker levels={info.levels} value={chosen} onChange={setRebate} testId="code-rebate" />
        </div>
        <TypeRebateEditor
          types={info.types}
          levels={info.levels}
          base={chosen}
          value={byType}
          onChange={setByType}
        />
        <p className="agent-form-tip">
          {codeType === 1
            ? '通过代理邀请码注册的会员为代理，可以继续发展自己的下级。'
            : '通过玩家邀请码注册的会员为玩家，所设返点决定其奖金组（赔率），投注时也可选择返水。'}
        </p>
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={create.isPending}
          disabled={chosen === undefined}
          onClick={() => void submit()}
        >
          生成邀请码
        </Button>
      </section>
      <button type="button" className="agent-link-row" onClick={() => navigate('/rebateDes')}>
        查看返点赔率表
      </button>
    </div>
  );
}
