import { create } from 'zustand';

/** Site config of spec/platform.md §3 (api.md: management/tenant/getTenantConfig). */
export interface SiteConfig {
  supportUrl?: string;
  supportOpenMethod?: number;
  logoMobile?: string;
  tenantName: string;
  tenantCode?: string;
  appDownload?: string | boolean;
  sourceId?: number;
  yuebaoEnable?: boolean;
  icon?: string;
  stockCentEnable?: boolean;
  embedChatEnabled?: boolean;
  embedChatUrl?: string;
  isHideNavLive?: boolean;
  mbEnabled?: boolean;
  customPopUpWindow?: boolean;
  popUpWindowTitle?: string;
  popUpWindowContent?: string;
  imageUrl?: string;
  showCardProfit?: boolean;
  gamesEnabled?: boolean;
  liveNavEnabled?: boolean;
}

/** The shell loads the site config once and publishes it here for pages and guards. */
export const useSiteStore = create<{ site: SiteConfig | undefined; setSite(site: SiteConfig): void }>(
  (set) => ({
    site: undefined,
    setSite: (site) => set({ site }),
  }),
);

/** The app-download URL, when the config gives one. */
export function appDownloadUrl(site: SiteConfig | undefined): string | undefined {
  const value = site?.appDownload;
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
