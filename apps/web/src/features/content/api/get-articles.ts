import { ArticleApi } from '@lottery/contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { isRecordId } from '../../../shared/lib/record-id';
import { contentKeys } from './keys';

export type ArticleKind = 'help' | 'about';

const LIST = { help: ArticleApi.getAssistanceList, about: ArticleApi.getIntroductionList };
const ONE = { help: ArticleApi.findByIdAssistance, about: ArticleApi.findByIdIntroduction };

/** management/content/getAssistanceList (help) or getIntroductionList (about). */
export const getArticles = (kind: ArticleKind, signal?: AbortSignal) =>
  call(LIST[kind], undefined, { signal });

export const articlesQuery = (kind: ArticleKind) =>
  queryOptions({ queryKey: contentKeys.articles(kind), queryFn: ({ signal }) => getArticles(kind, signal) });

export const useArticles = (kind: ArticleKind) => useQuery(articlesQuery(kind));

/** management/content/findByIdAssistance or findByIdIntroduction?id=. */
export const getArticle = (kind: ArticleKind, id: number, signal?: AbortSignal) =>
  call(ONE[kind], { id }, { signal });

export const articleQuery = (kind: ArticleKind, id: number) =>
  queryOptions({
    queryKey: contentKeys.article(kind, id),
    queryFn: ({ signal }) => getArticle(kind, id, signal),
    enabled: isRecordId(id),
  });

export const useArticle = (kind: ArticleKind, id: number) => useQuery(articleQuery(kind, id));
