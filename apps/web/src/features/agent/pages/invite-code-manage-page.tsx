import type { InviteCodeItem } from '@lottery/contract/agent';
import { Button, Dialog, Tabs } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoading } from '../../../shared/ui/page-loading';
import { toastSuccess } from '../../../shared/ui/toast';
import { useDeleteInviteCode } from '../api/delete-invite-code';
import { useInviteCodes } from '../api/get-invite-codes';
import { InviteCodeCard } from '../components/invite-code-card';
import { LoadError } from '../components/load-error';
import { useAgentId } from '../model/agent-user';
import { CODE_TYPES } from '../model/invite-link';
import '../components/agent.css';

/**
 * /invatationCodeManage 邀请码管理: the agent's live codes, tabs 玩家 / 代理 (?codeType=1 opens the
 * agent tab), each with its registrations, link, QR code and 删除 (after a confirm). 新建邀请码 opens
 * /invatationCode with the tab's type.
 */
export default function InviteCodeManagePage() {
  const agentId = useAgentId();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const codeType = params.get('codeType') === '1' ? 1 : 0;
  const codes = useInviteCodes(agentId, codeType);
  const remove = useDeleteInviteCode();

  const onDelete = async (item: InviteCodeItem) => {
    const confirmed = await Dialog.confirm({
      title: '删除邀请码',
      content: `确定删除邀请码 ${item.code} 吗？删除后该邀请码不能再注册，已注册的会员不受影响。`,
      confirmText: '删除',
      cancelText: '取消',
    });
    if (!confirmed) return;
    const msg = await remove.mutateAsync(item.id).catch(() => undefined);
    if (msg !== undefined) toastSuccess(msg);
  };

  const rows = codes.data?.rows ?? [];
  return (
    <div className="agent-page agent-page--with-footer">
      <Tabs
        className="agent-tabs"
        activeKey={String(codeType)}
        onChange={(key) => setParams(key === '1' ? { codeType: '1' } : {}, { replace: true })}
      >
        {CODE_TYPES.map((t) => (
          <Tabs.Tab key={String(t.codeType)} title={`${t.label}邀请码`} />
        ))}
      </Tabs>
      {codes.isPending ? (
        <PageLoading />
      ) : codes.isError ? (
        <LoadError error={codes.error} onRetry={() => void codes.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState text="暂无邀请码" />
      ) : (
        <ul className="agent-codes">
          {rows.map((item) => (
            <InviteCodeCard
              key={item.id}
              item={item}
              deleting={remove.isPending && remove.variables === item.id}
              onDelete={(i) => void onDelete(i)}
            />
          ))}
          <li className="agent-end">已显示全部记录</li>
        </ul>
      )}
      <div className="agent-footer">
        <Button
          block
          color="primary"
          shape="rounded"
          onClick={() => navigate(codeType === 1 ? '/invatationCode?codeType=1' : '/invatationCode')}
        >
          <AddOutline /> 新建{codeType === 1 ? '代理' : '玩家'}邀请码
        </Button>
      </div>
    </div>
  );
}
