import { Dialog } from 'antd-mobile';
import { createElement } from 'react';
import type { NavigateFunction } from 'react-router';

/** A grab's outcome as the envelope popup shows it: the amount, already in the balance. */
export async function showGrabbed(title: string, amount: string): Promise<void> {
  await Dialog.alert({
    title,
    content: createElement(
      'div',
      { className: 'envelope-result', 'data-testid': 'envelope-result' },
      createElement(
        'div',
        { className: 'envelope-result-amount' },
        `${amount}`,
        createElement('small', null, ' 元'),
      ),
      createElement('div', { className: 'envelope-result-note' }, '已存入余额，可用于投注'),
    ),
    confirmText: '确定',
  });
}

/** A visitor's tap on 抢红包: the spec's words, with 注册 and 取消. */
export async function askVisitorToRegister(navigate: NavigateFunction): Promise<void> {
  const go = await Dialog.confirm({
    content: '访客不能抢红包，请先注册登录',
    confirmText: '注册',
    cancelText: '取消',
  });
  if (go) void navigate('/register');
}
