import { describe, expect, it } from 'vitest';
import { backAction, routeNamed } from './back';

describe('back arrow', () => {
  it('goes back in history when a back query exists', () => {
    expect(backAction({ pathname: '/help', search: '?back=1&from=userCenter' })).toEqual({ kind: 'history' });
  });

  it('goes to the route named by the from param, then the stored value, then the query', () => {
    expect(
      backAction({ pathname: '/x', search: '?from=notice', params: { from: 'help' }, storedFrom: 'about' }),
    ).toEqual({ kind: 'navigate', to: '/help' });
    expect(backAction({ pathname: '/x', search: '?from=notice', storedFrom: 'about' })).toEqual({
      kind: 'navigate',
      to: '/about',
    });
    expect(backAction({ pathname: '/x', search: '?from=%2FuserCenter' })).toEqual({
      kind: 'navigate',
      to: '/userCenter',
    });
  });

  it('ignores a from value that points off the site', () => {
    expect(routeNamed('//evil.example')).toBeUndefined();
    expect(routeNamed('https://evil.example')).toBeUndefined();
    expect(
      backAction({
        pathname: '/notice',
        search: '?from=//evil.example',
        meta: { title: '公告', parent: '/userCenter' },
      }),
    ).toEqual({
      kind: 'navigate',
      to: '/userCenter',
    });
  });

  it('returns from chat to the private chat list, and from guest chat to the chat list', () => {
    expect(backAction({ pathname: '/chat/12', search: '?account=a' })).toEqual({
      kind: 'navigate',
      to: '/chatUserList',
    });
    expect(backAction({ pathname: '/chatGuest/3', search: '' })).toEqual({
      kind: 'navigate',
      to: '/chatList',
    });
  });

  it('goes to /home from login and find', () => {
    expect(backAction({ pathname: '/login', search: '?redirect=%2Fx', meta: { title: '登录' } })).toEqual({
      kind: 'navigate',
      to: '/home',
    });
    expect(backAction({ pathname: '/find', search: '' })).toEqual({ kind: 'navigate', to: '/home' });
  });

  it('goes to the parent: the declared one, else the path one level up, else /home', () => {
    expect(
      backAction({ pathname: '/bankcard', search: '', meta: { title: '银行卡', parent: '/securityCenter' } }),
    ).toEqual({
      kind: 'navigate',
      to: '/securityCenter',
    });
    expect(backAction({ pathname: '/recharge/alipay', search: '' })).toEqual({
      kind: 'navigate',
      to: '/recharge',
    });
    expect(backAction({ pathname: '/about', search: '' })).toEqual({ kind: 'navigate', to: '/home' });
  });
});
