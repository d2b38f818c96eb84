/**
 * The drill-down path of 代理报表, kept in the URL (?trail=12:agentA,34:agentB) so the phone's back
 * button walks back up and a reload stays where it was. Account names are letters, digits and
 * underscores, so ':' and ',' never occur inside one.
 */
export interface TrailStep {
  userId: number;
  userName: string;
}

export function parseTrail(text: string | null): TrailStep[] {
  if (!text) return [];
  const steps: TrailStep[] = [];
  for (const part of text.split(',').slice(0, 50)) {
    const match = /^(\d{1,15}):(\w{1,20})$/.exec(part);
    // a tampered trail (malformed, or a member twice) is dropped whole
    if (!match || steps.some((s) => s.userId === Number(match[1]))) return [];
    steps.push({ userId: Number(match[1]), userName: match[2]! });
  }
  return steps;
}

export function formatTrail(steps: readonly TrailStep[]): string {
  return steps.map((s) => `${s.userId}:${s.userName}`).join(',');
}
