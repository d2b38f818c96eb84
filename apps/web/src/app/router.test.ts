import { matchPath, matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createAppRouter, routeByPath, routesMatching, routeTable } from './router';

/** Every route spec/platform.md §2 and spec/betting.md §2 name, as a concrete URL path. */
const SPEC_PATHS = [
  '/',
  '/index',
  '/404',
  '/mobile',
  '/noservice',
  '/maintain',
  '/websiteClosed',
  '/redirect',
  '/AppPackage',
  '/appDownload',
  '/AppDownload',
  '/service',
  '/home',
  '/lotteryHall',
  '/uuLive',
  '/live/1/abc',
  '/longQueue',
  '/longInfo',
  '/chat/5',
  '/chatUserList',
  '/chatList',
  '/chatGuest/7',
  '/login',
  '/register',
  '/forgotPassword',
  '/retrievePassword',
  '/setLoginPassword',
  '/resetLoginPassword',
  '/manualVerification',
  '/activity',
  '/activity/3',
  '/activityRed',
  '/activityRed/4',
  '/activityDetail',
  '/find',
  '/winningInfomation',
  '/yesterdayProfitList',
  '/playerInfo/9',
  '/userCenter',
  '/balanceBao',
  '/settlementToday',
  '/waterDetail',
  '/transctionRecord',
  '/bettingRecord',
  '/bettingRecord/1',
  '/ChessRecord',
  '/chessRecordDetail/1/2',
  '/chaseNumberRecord',
  '/chaseNumberRecordDetail/3',
  '/personal',
  '/personal/personalInfo',
  '/personal/personalGrade',
  '/recharge',
  '/recharge/banktransfer',
  '/recharge/unionpay',
  '/recharge/qqpay',
  '/recharge/wechat',
  '/recharge/quickpass',
  '/recharge/jdpay',
  '/recharge/alipay',
  '/recharge/digitalcurrencypay',
  '/recharge/internetbank',
  '/recharge/digitalrmb',
  '/recharge/douyin',
  '/withdraw',
  '/handfee',
  '/securityCenter',
  '/secretPhone',
  '/setphone',
  '/safetyQuestion',
  '/setSafetyQuestion',
  '/secretMail',
  '/setMail',
  '/bankcard',
  '/verifyBankCard',
  '/setBankcard',
  '/setBankcard/8',
  '/findSecurityPassword',
  '/verifyPassword',
  '/notice',
  '/noticeDetail/2',
  '/secretMessage',
  '/secretMessageDetail/2',
  '/help',
  '/helpDetail/1',
  '/about',
  '/aboutDetail/1',
  '/agentCenter',
  '/agentHelp',
  '/agentReport',
  '/childReport',
  '/childOpening',
  '/rebateDes',
  '/rebateDes/K3',
  '/invatationCodeManage',
  '/invatationCode',
  '/memberManage',
  '/agentSpecimen',
  '/agentChess',
  '/agentTransactionDetail',
  '/digitalCurrency',
  '/addDigitalCurrency',
  '/upDateDigitalCurrency',
  '/addAddressDigitalCurrency',
  '/CreateZFBaccount',
  '/EditZFBaccount',
  '/CreateWXaccount',
  '/EditWXaccount',
  '/lottery/SSC/CQSSC',
  '/lottery/SYX5/GD11X5',
  '/lottery/FC3D/FC3D',
  '/lottery/PK10/BJPK10',
  '/lottery/PL35/PL3',
  '/lottery/KL8/KL8',
  '/lottery/BJ28/BJ28',
  '/lottery/K3/JSK3',
  '/lottery/LHC/HK6',
  '/lottery/STOCK/SZ',
  '/games',
  '/gamesList',
  '/games/multiplayer/nn100/common',
  '/games/multiplayer/dragonTigerWar/common',
  '/games/multiplayer/redBlackWar/common',
  '/games/multiplayer/baccarat/common',
  '/games/multiplayer/benz/common',
  '/games/multiplayer/sicbo/common',
  '/games/demo',
  '/yesterdayWinner',
  '/stocks',
  '/live',
];

function routeFor(path: string) {
  return routeTable.find((route) => matchPath({ path: route.path, end: true }, path));
}

describe('the route table', () => {
  it.each(SPEC_PATHS)('resolves %s to a route with a title', (path) => {
    const route = routeFor(path);
    expect(route, path).toBeDefined();
    expect(route!.meta.title.length).toBeGreaterThan(0);
  });

  it('redirects root aliases home, /find to winningInfomation, /personal to personalInfo, /games to gamesList', () => {
    for (const path of ['/', '/index', '/404', '/mobile']) expect(routeFor(path)?.redirect).toBe('/home');
    expect(routeFor('/find')?.redirect).toBe('/winningInfomation');
    expect(routeFor('/personal')?.redirect).toBe('/personal/personalInfo');
    expect(routeFor('/games')?.redirect).toBe('/gamesList');
  });

  it('guards what the spec guards', () => {
    expect(routeFor('/userCenter')?.meta.login).toBe(true);
    expect(routeFor('/resetLoginPassword')?.meta.login).toBe(true);
    expect(routeFor('/lottery/K3/JSK3')?.meta.login).toBe(true);
    expect(routeFor('/agentReport')?.meta.agent).toBe(true);
    expect(routeFor('/balanceBao')?.meta.module).toBe('yuebao');
    expect(routeFor('/gamesList')?.meta.module).toBe('games');
    expect(routeFor('/uuLive')?.meta.module).toBe('live');
    expect(routeFor('/login')?.meta.guestOnly).toBe(true);
    expect(routeFor('/register')?.meta.guestOnly).toBe(true);
    for (const open of ['/home', '/lotteryHall', '/activity', '/help', '/about', '/chatGuest/1']) {
      expect(routeFor(open)?.meta.login, open).toBeFalsy();
    }
  });

  it('has no path twice', () => {
    const paths = routeTable.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  // The router starts with the routes of the URL opened and adds each path's routes as it is
  // visited (createAppRouter): what it picks from those must be what it would pick from the table.
  it.each(SPEC_PATHS)('picks for %s from its matching routes what the whole table would give', (path) => {
    const asRoutes = (defs: typeof routeTable) => [
      ...defs.map((def) => ({ id: def.path, path: def.path })),
      { id: '*', path: '*' },
    ];
    const whole = matchRoutes(asRoutes(routeTable), path)?.at(-1)?.route.id;
    const fromMatching = matchRoutes(asRoutes(routesMatching(path)), path)?.at(-1)?.route.id;
    expect(fromMatching).toBe(whole);
    expect(whole).not.toBe('*');
  });

  it('finds no route for an unknown path (the catch-all sends it home)', () => {
    expect(routesMatching('/no/such/page')).toEqual([]);
  });
});

function LoadedPage() {
  return null;
}

describe('createAppRouter', () => {
  // main.tsx loads the first page before it creates the router (loadFirstPages): a page given
  // loaded renders in the router's first state; one left lazy only once its chunk has loaded.
  it('starts on a page it is given loaded, and waits for a lazy one', () => {
    window.history.replaceState(null, '', '/login');
    const login = routeByPath('/login')!;
    const ready = createAppRouter('/login', new Map([[login, LoadedPage]]));
    expect(ready.state.initialized).toBe(true);
    const route = ready.state.matches.at(-1)?.route;
    expect(route?.path).toBe('/login');
    expect(route?.lazy).toBeUndefined();
    ready.dispose();

    const lazy = createAppRouter('/login');
    expect(lazy.state.initialized).toBe(false);
    lazy.dispose();
  });
});
