import type { ChatToHostMessage, EmbedChatAccount, HostToChatMessage } from '@lottery/contract/embed-chat';
import { Button, Form, Input, Tabs } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
import { bindChatAccount, registerChatAccount, signInChatAccount } from '../api/account-calls';
import { ConversationList } from '../components/conversation-list';
import { ConversationView } from '../components/conversation-view';
import type { Conversation } from '../model/conversations';
import { messageFromHost } from '../model/window-messages';
import '../embed-chat.css';

/**
 * /embedChatApp: "the third-party chat" the 吉聊 tab frames (docs/embed-chat.md). It has its own
 * accounts (uid, nickname, avatar) and talks to the site only by postMessage with its parent window
 * at our own origin; the one-time keys it spends come from the parent, one per attempt. Signed in,
 * it lists the player's chat rooms and private chats and opens one in place (ConversationView).
 */
type Account = Pick<EmbedChatAccount, 'uid' | 'nickname' | 'avatar'>;
type Phase = 'alone' | 'starting' | 'signIn' | 'chat' | 'failed';
type KeyReply = Extract<HostToChatMessage, { ltType: 'ThirdPartyLoginStart' }>;

/** Bounded wait for the host's answer; a host that never answers shows 连接失败. */
const HOST_REPLY_MS = 3000;
const START_ATTEMPTS = 3;

const parentOrigin = () => window.location.origin;

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : '操作失败';
}

export default function ChatAppPage() {
  const framed = window.parent !== window;
  const [phase, setPhase] = useState<Phase>(framed ? 'starting' : 'alone');
  const [account, setAccount] = useState<Account>();
  const [tenantName, setTenantName] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<Conversation>();
  const waiting = useRef(new Map<string, (message: HostToChatMessage) => void>());

  const send = useCallback((message: ChatToHostMessage) => {
    window.parent.postMessage(message, parentOrigin());
  }, []);

  /** Sends and waits for the host's answer of the same ltType (or AccountBindSuccess). */
  const ask = useCallback(
    <T extends HostToChatMessage>(message: ChatToHostMessage, answer: T['ltType']): Promise<T> =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.current.delete(answer);
          reject(new Error('连接失败，请稍后重试'));
        }, HOST_REPLY_MS);
        waiting.current.set(answer, (reply) => {
          clearTimeout(timer);
          resolve(reply as T);
        });
        send(message);
      }),
    [send],
  );

  const newKey = useCallback(async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await ask<KeyReply>({ ltType: 'ThirdPartyLoginStart' }, 'ThirdPartyLoginStart');
      } catch (e) {
        if (attempt >= START_ATTEMPTS) throw e;
      }
    }
  }, [ask]);

  useEffect(() => {
    if (!framed) return;
    const listener = (event: MessageEvent) => {
      const message = messageFromHost(event, { origin: parentOrigin(), source: window.parent });
      if (!message) return;
      if (message.ltType === 'TenantNameRequest') setTenantName(message.tenantName);
      if (message.ltType === 'RefreshAvatar' || message.ltType === 'AvatarAndUidRequest') {
        if (message.uid) setAccount({ uid: message.uid, nickname: message.nickname, avatar: message.avatar });
      }
      const resolve = waiting.current.get(message.ltType);
      waiting.current.delete(message.ltType);
      resolve?.(message);
    };
    window.addEventListener('message', listener);
    send({ ltType: 'TenantNameRequest' });
    newKey()
      .then(async (key) => {
        if (!key.bound) return setPhase('signIn');
        setAccount(await signInChatAccount(key.oneTimeKey));
        setPhase('chat');
      })
      .catch((e: unknown) => {
        setError(errorText(e));
        setPhase('failed');
      });
    return () => window.removeEventListener('message', listener);
  }, [framed, newKey, send]);

  /** Register or bind with a fresh key, tell the host, and wait for its AccountBindSuccess. */
  const signUp = async (how: 'register' | 'bind', values: Record<string, string>) => {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const { oneTimeKey } = await newKey();
      const created =
        how === 'register'
          ? await registerChatAccount({
              oneTimeKey,
              nickname: values.nickname ?? '',
              password: values.password ?? '',
            })
          : await bindChatAccount({ oneTimeKey, uid: values.uid ?? '', password: values.password ?? '' });
      const confirmed = await ask<Extract<HostToChatMessage, { ltType: 'AccountBindSuccess' }>>(
        how === 'register'
          ? { ltType: 'RegisterAccount', uid: created.uid }
          : { ltType: 'BindExistedAccount', uid: created.uid },
        'AccountBindSuccess',
      );
      setAccount({ uid: confirmed.uid, nickname: confirmed.nickname, avatar: confirmed.avatar });
      setPhase('chat');
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const syncAvatar = async () => {
    setError('');
    try {
      await ask({ ltType: 'RefreshAvatar' }, 'RefreshAvatar');
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <div className="jl-app" data-phase={phase}>
      <header className="jl-header">
        <span className="jl-logo">吉聊</span>
        {tenantName ? <span className="jl-partner">来自 {tenantName}</span> : null}
      </header>
      {phase === 'alone' ? <p className="jl-note">请从吉聊入口进入</p> : null}
      {phase === 'starting' ? <p className="jl-note">正在连接...</p> : null}
      {phase === 'failed' ? <p className="jl-note jl-error">{error}</p> : null}
      {phase === 'signIn' ? (
        <div className="jl-card">
          <p className="jl-welcome">欢迎使用吉聊，注册新账号或绑定已有账号后即可聊天</p>
          <Tabs defaultActiveKey="register">
            <Tabs.Tab title="注册新账号" key="register">
              <Form
                layout="horizontal"
                onFinish={(v) => signUp('register', v)}
                footer={
                  <Button block type="submit" color="primary" loading={busy} disabled={busy}>
                    注册并绑定
                  </Button>
                }
              >
                <Form.Item
                  name="nickname"
                  label="昵称"
                  rules={[{ required: true, message: '昵称为2-12个字' }]}
                >
                  <Input placeholder="2-12个字" maxLength={12} />
                </Form.Item>
                <Form.Item
                  name="password"
                  label="密码"
                  rules={[{ required: true, message: '吉聊密码为6-20位' }]}
                >
                  <Input type="password" placeholder="6-20位" maxLength={20} />
                </Form.Item>
              </Form>
            </Tabs.Tab>
            <Tabs.Tab title="绑定已有账号" key="bind">
              <Form
                layout="horizontal"
                onFinish={(v) => signUp('bind', v)}
                footer={
                  <Button block type="submit" color="primary" loading={busy} disabled={busy}>
                    绑定
                  </Button>
                }
              >
                <Form.Item name="uid" label="账号" rules={[{ required: true, message: '请输入8位吉聊账号' }]}>
                  <Input placeholder="8位吉聊账号" maxLength={8} />
                </Form.Item>
                <Form.Item
                  name="password"
                  label="密码"
                  rules={[{ required: true, message: '吉聊密码为6-20位' }]}
                >
                  <Input type="password" placeholder="吉聊密码" maxLength={20} />
                </Form.Item>
              </Form>
            </Tabs.Tab>
          </Tabs>
          {error ? <p className="jl-error">{error}</p> : null}
        </div>
      ) : null}
      {phase === 'chat' && open ? (
        <ConversationView conversation={open} onBack={() => setOpen(undefined)} />
      ) : null}
      {phase === 'chat' && account && !open ? (
        <div className="jl-card jl-me" data-testid="jl-account">
          <img className="jl-avatar" src={account.avatar} alt="" />
          <div className="jl-me-text">
            <div className="jl-nickname">{account.nickname}</div>
            <div className="jl-uid">吉聊号 {account.uid}</div>
          </div>
          <Button size="small" onClick={syncAvatar}>
            同步头像
          </Button>
          {error ? <p className="jl-error">{error}</p> : null}
        </div>
      ) : null}
      {phase === 'chat' && !open ? <ConversationList onOpen={setOpen} /> : null}
    </div>
  );
}
