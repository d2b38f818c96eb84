import type { HostToChatMessage } from '@lottery/contract/embed-chat';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { Navigate } from 'react-router';
import { useSiteStore } from '../../../shared/stores/site';
import { showToast } from '../../../shared/ui/feedback';
import { PageLoading } from '../../../shared/ui/page-loading';
import { generateLoginOneTimeKey } from '../api/generate-key';
import { bindInfoQuery, getBindInfo, useBindInfo } from '../api/get-bind-info';
import { refreshChatAvatar } from '../api/refresh-avatar';
import { chatFrameTarget, messageFromChat } from '../model/window-messages';
import '../embed-chat.css';

/**
 * /embedChat, the 吉聊 tab (docs/embed-chat.md): hosts the chat app in a frame and answers its
 * ltType messages. It acts only on messages from that frame's window at the configured origin;
 * its replies go to that origin only, so a one-time key never reaches another page.
 */
export default function EmbedChatPage() {
  const site = useSiteStore((s) => s.site);
  const enabled = site?.embedChatEnabled === true;
  const info = useBindInfo(enabled);
  const client = useQueryClient();
  const frame = useRef<HTMLIFrameElement>(null);
  const target = useMemo(
    () => chatFrameTarget(site?.embedChatUrl, window.location.href),
    [site?.embedChatUrl],
  );
  const tenantName = site?.tenantName ?? '';

  useEffect(() => {
    if (!enabled) return;
    const reply = (message: HostToChatMessage) =>
      frame.current?.contentWindow?.postMessage(message, target.origin);
    const bindInfo = async () => {
      const fresh = await getBindInfo();
      client.setQueryData(bindInfoQuery().queryKey, fresh);
      return fresh;
    };
    const onMessage = async (event: MessageEvent) => {
      const message = messageFromChat(event, { origin: target.origin, source: frame.current?.contentWindow });
      if (!message) return;
      switch (message.ltType) {
        case 'ThirdPartyLoginStart': {
          const key = await generateLoginOneTimeKey();
          reply({ ltType: 'ThirdPartyLoginStart', ...key });
          return;
        }
        case 'RegisterAccount':
        case 'BindExistedAccount': {
          // The frame says it bound; the server says whether it did.
          const fresh = await bindInfo();
          if (!fresh.account || fresh.account.uid !== message.uid) return;
          const { uid, nickname, avatar } = fresh.account;
          reply({ ltType: 'AccountBindSuccess', uid, nickname, avatar });
          showToast('绑定成功');
          return;
        }
        case 'AvatarAndUidRequest': {
          const { account } = await bindInfo();
          reply({
            ltType: 'AvatarAndUidRequest',
            bound: account !== null,
            uid: account?.uid ?? '',
            nickname: account?.nickname ?? '',
            avatar: account?.avatar ?? '',
          });
          return;
        }
        case 'RefreshAvatar': {
          const { uid, nickname, avatar } = await refreshChatAvatar();
          await bindInfo();
          reply({ ltType: 'RefreshAvatar', uid, nickname, avatar });
          return;
        }
        case 'TenantNameRequest':
          reply({ ltType: 'TenantNameRequest', tenantName });
          return;
      }
    };
    const listener = (event: MessageEvent) => {
      onMessage(event).catch(() => undefined);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [enabled, target.origin, tenantName, client]);

  if (!site) return <PageLoading />;
  if (!enabled) return <Navigate to="/home" replace />;
  const account = info.data?.account;
  return (
    <div className="embed-host">
      <div className="embed-host-status" data-testid="embed-chat-status">
        {info.isPending ? (
          '加载中...'
        ) : account ? (
          <>
            <span className="embed-host-dot" />
            已绑定吉聊账号 {account.nickname}（{account.uid}）
          </>
        ) : (
          '尚未绑定吉聊账号'
        )}
      </div>
      <iframe ref={frame} className="embed-host-frame" title="吉聊" src={target.src} />
    </div>
  );
}
