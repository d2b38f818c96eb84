import { sendSilently } from '../api/client';
import { readJson, STORAGE_KEYS, writeJson } from './storage';

/**
 * Device info for app download and invite (spec/platform.md §3): collected in the browser and sent
 * once per purpose as a statistics/op event (the server stores it bounded, with the address it saw:
 * no external IP script). A browser cannot read its local address, so `localIp` is empty.
 */
export type DeviceInfoPurpose = 'download' | 'invite';

export type DeviceInfo = {
  type: 'deviceInfo';
  purpose: DeviceInfoPurpose;
  uuid: string;
  vendor: string;
  model: string;
  screen: string;
  browser: string;
  gpu: string;
  cpu: number;
  engine: string;
  os: string;
  localIp: string;
  installParams: string;
  time: number;
};

/** Browser, engine, OS and model read from a user-agent string. */
/** Browsers by precedence: an in-app browser names itself beside the engine it embeds. */
const BROWSERS: [name: string, pattern: RegExp][] = [
  ['MicroMessenger', /MicroMessenger\/([\d.]+)/],
  ['QQBrowser', /QQBrowser\/([\d.]+)/],
  ['UCBrowser', /UCBrowser\/([\d.]+)/],
  ['Edge', /EdgA?\/([\d.]+)/],
  ['Chrome', /(?:CriOS|Chrome)\/([\d.]+)/],
  ['Firefox', /(?:FxiOS|Firefox)\/([\d.]+)/],
  ['Safari', /Version\/([\d.]+).*Safari/],
];

/** Browser, engine, OS and model read from a user-agent string. */
export function parseUserAgent(ua: string): Pick<DeviceInfo, 'browser' | 'engine' | 'os' | 'model'> {
  let browser = '';
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const engine = /(AppleWebKit|Gecko|Blink)\/([\d.]+)/.exec(ua);
  const os =
    /(Android) ([\d.]+)/.exec(ua) ??
    /(?:iPhone OS|CPU OS) ([\d_]+)/.exec(ua)?.[1]?.replace(/^/, 'iOS ') ??
    /(Windows NT) ([\d.]+)/.exec(ua) ??
    /(Mac OS X) ([\d_]+)/.exec(ua);
  const model =
    /Android [\d.]+; (?:[a-z]{2}-[a-z]{2}; )?([^;)]+?)(?: Build[^;)]*)?[;)]/i.exec(ua)?.[1] ??
    /iPhone|iPad|iPod/.exec(ua)?.[0] ??
    '';
  return {
    browser,
    engine: engine ? `${engine[1]} ${engine[2]}` : '',
    os: (typeof os === 'string' ? os : os ? `${os[1]} ${os[2]}` : '').replace(/_/g, '.'),
    model: model.trim(),
  };
}

function gpuName(): string {
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    if (!gl) return '';
    const ext = gl.getExtension('WEBGL_debug_renderer_info');
    return String(gl.getParameter(ext ? ext.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
  } catch {
    return '';
  }
}

export function collectDeviceInfo(purpose: DeviceInfoPurpose, installParams: string): DeviceInfo {
  const ua = navigator.userAgent;
  return {
    type: 'deviceInfo',
    purpose,
    uuid: crypto.randomUUID(),
    vendor: navigator.vendor ?? '',
    ...parseUserAgent(ua),
    screen: `${screen.width}x${screen.height}@${window.devicePixelRatio}`,
    gpu: gpuName(),
    cpu: navigator.hardwareConcurrency ?? 0,
    localIp: '',
    installParams,
    time: Date.now(),
  };
}

/** Send this browser's device info for `purpose`, once (later calls do nothing). */
export function sendDeviceInfoOnce(purpose: DeviceInfoPurpose, installParams = ''): void {
  const sent = readJson<DeviceInfoPurpose[]>(STORAGE_KEYS.deviceInfoSent) ?? [];
  if (sent.includes(purpose)) return;
  writeJson(STORAGE_KEYS.deviceInfoSent, [...sent, purpose]);
  sendSilently('statistics/op', collectDeviceInfo(purpose, installParams));
}
