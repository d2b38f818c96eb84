import { Code } from '@lottery/contract/codes';
import { readJson, removeKey, STORAGE_KEYS, writeJson } from '../lib/storage';
import { requestEnvelope, sendSilently } from './client';

/**
 * Statistics and heartbeat of spec/platform.md §7 and §4: responses ignored, never an error shown.
 * - a route trace (statistics/view) on every route change;
 * - heartbeat: users/dmh/ch about every 60 s; success uploads stored fault records in one batch
 *   (statistics/hc) and clears them; code 0 stops the timer; anything else records a fault
 *   (at most 1000 kept).
 */
export const HEARTBEAT_MS = 60_000;
export const MAX_FAULT_RECORDS = 1000;
const FAULTS_KEY = STORAGE_KEYS.heartbeatRecords;

export interface HeartbeatRecord {
  status: 1 | 2;
  reason: string;
  checkTime: number;
  connectionTime: number;
}

function randomId(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const traceId = randomId();
let lastRouteAt = Date.now();

export function traceRoute(name: string, location: string, uid: string | number | undefined): void {
  const now = Date.now();
  sendSilently('statistics/view', {
    spanId: randomId(),
    traceId,
    name,
    uid: uid === undefined ? '' : String(uid),
    elapsed: ((now - lastRouteAt) / 1000).toFixed(1),
    location,
    type: 'route',
  });
  lastRouteAt = now;
}

export function storedFaults(): HeartbeatRecord[] {
  const value = readJson<HeartbeatRecord[]>(FAULTS_KEY);
  return Array.isArray(value) ? value : [];
}

export function recordFault(record: HeartbeatRecord): void {
  const faults = [...storedFaults(), record].slice(-MAX_FAULT_RECORDS);
  writeJson(FAULTS_KEY, faults);
}

/** One heartbeat. Resolves false when the timer should stop (code 0). */
export async function beat(now: () => number = Date.now): Promise<boolean> {
  const started = now();
  try {
    const envelope = await requestEnvelope<unknown>('users/dmh/ch', { silent: true, passCodes: [0] });
    if (envelope.code === Code.SESSION_EXPIRED) return false;
    const faults = storedFaults();
    if (faults.length > 0) {
      sendSilently('statistics/hc', { heartbeatRecords: JSON.stringify(faults) });
      removeKey(FAULTS_KEY);
    }
  } catch (error) {
    recordFault({
      status: 2,
      reason: error instanceof Error ? error.message : String(error),
      checkTime: started,
      connectionTime: now() - started,
    });
  }
  return true;
}

export function startHeartbeat(): () => void {
  let stopped = false;
  const timer = setInterval(() => {
    void beat().then((keepGoing) => {
      if (!keepGoing && !stopped) {
        stopped = true;
        clearInterval(timer);
      }
    });
  }, HEARTBEAT_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
