import type { ReactNode } from 'react';

export interface SystemInfo {
  message?: string;
  startTime?: string | number;
  endTime?: string | number;
  supportList?: {
    id?: number | string;
    name: string;
    linkType: number;
    linkUrl?: string;
    htmlPath?: string;
  }[];
}

/** Layout shared by /maintain, /websiteClosed and /noservice. */
export function SystemNotice({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="system-page">
      {icon}
      <h1>{title}</h1>
      {children}
    </div>
  );
}

export function SupportLinks({ lines }: { lines: SystemInfo['supportList'] }) {
  if (!lines || lines.length === 0) return null;
  return (
    <div className="support-links">
      {lines.map((line) => {
        const url = line.linkType === 1 ? line.linkUrl : line.htmlPath;
        return url ? (
          <a key={String(line.id ?? line.name)} href={url} target="_blank" rel="noopener noreferrer">
            {line.name}
          </a>
        ) : null;
      })}
    </div>
  );
}
