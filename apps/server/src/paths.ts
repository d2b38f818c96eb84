import { fileURLToPath } from 'node:url';

/** apps/server/assets: avatars, banners and brand images we drew (SVG), served under /static/. */
export const ASSETS_DIR = fileURLToPath(new URL('../assets/', import.meta.url));
/** The built web app. */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));
