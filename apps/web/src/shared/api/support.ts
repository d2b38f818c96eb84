import { queryOptions } from '@tanstack/react-query';
import { request } from './client';

/** A customer-service line (spec/platform.md §3): linkType 1 = direct link, else an html path. */
export interface SupportLine {
  id: number | string;
  name: string;
  linkType: number;
  linkUrl?: string;
  htmlPath?: string;
}

export const getSupportFront = (signal?: AbortSignal) =>
  request<SupportLine[]>('management/content/getSupportFront', { signal });

export const supportFrontQuery = () =>
  queryOptions({
    queryKey: ['site', 'supportFront'],
    queryFn: ({ signal }) => getSupportFront(signal),
    staleTime: 60_000,
  });
