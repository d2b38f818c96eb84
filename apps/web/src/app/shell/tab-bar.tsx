import { TabBar } from 'antd-mobile';
import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readJson, STORAGE_KEYS, writeJson } from '../../shared/lib/storage';
import type { SiteConfig } from '../../shared/stores/site';
import { ChatIcon, GamesIcon, GiftIcon, HallIcon, UserIcon } from '../../shared/ui/icons';

export interface TabItem {
  key: string;
  title: string;
  icon: ReactNode;
  /** A route. */
  to: string;
}

/** What of the site config decides the tabs. */
export type TabModules = Pick<SiteConfig, 'gamesEnabled' | 'embedChatEnabled'>;

/** The bottom tabs of spec/platform.md §2, in order, with the optional ones per site config. */
export function tabItems(site: TabModules | undefined): TabItem[] {
  const items: TabItem[] = [{ key: '/home', title: '购彩大厅', icon: <HallIcon />, to: '/home' }];
  if (site?.gamesEnabled)
    items.push({ key: '/gamesList', title: '棋牌', icon: <GamesIcon />, to: '/gamesList' });
  // 吉聊 hosts the configured chat app in a frame on a page of ours (docs/embed-chat.md)
  if (site?.embedChatEnabled)
    items.push({ key: '/embedChat', title: '吉聊', icon: <ChatIcon />, to: '/embedChat' });
  items.push({ key: '/activity', title: '活动', icon: <GiftIcon />, to: '/activity' });
  items.push({ key: '/userCenter', title: '我的', icon: <UserIcon />, to: '/userCenter' });
  return items;
}

/** Which tab a path highlights: /activityRed highlights 活动. */
export function activeTab(pathname: string): string {
  if (pathname.startsWith('/activity')) return '/activity';
  if (pathname.startsWith('/gamesList')) return '/gamesList';
  if (pathname.startsWith('/userCenter')) return '/userCenter';
  if (pathname === '/embedChat') return '/embedChat';
  return '/home';
}

/**
 * The tab bar. While the site config loads it draws the optional tabs of the last config this
 * device read, so 棋牌 does not vanish and come back on every start (issue 37).
 */
export function AppTabBar({ site }: { site: SiteConfig | undefined }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const games = site?.gamesEnabled;
  const embedChat = site?.embedChatEnabled;
  const loaded = site !== undefined;
  useEffect(() => {
    if (loaded) writeJson(STORAGE_KEYS.tabModules, { gamesEnabled: games, embedChatEnabled: embedChat });
  }, [loaded, games, embedChat]);
  const items = tabItems(site ?? readJson<TabModules>(STORAGE_KEYS.tabModules));
  const onChange = (key: string) => {
    const item = items.find((i) => i.key === key);
    if (!item) return;
    void navigate(item.to);
  };
  return (
    <div className="tabbar">
      <TabBar activeKey={activeTab(pathname)} onChange={onChange} safeArea>
        {items.map((item) => (
          <TabBar.Item key={item.key} icon={item.icon} title={item.title} />
        ))}
      </TabBar>
    </div>
  );
}
