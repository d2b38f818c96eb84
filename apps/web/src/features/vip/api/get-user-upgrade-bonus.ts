import { ActivityApi, type UserUpGradeBonus } from '@lottery/contract/activity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/** GET activity/getUserUpGradeBonus: grade, growth, progress and the unpaid upgrade bonuses. */
export const getUserUpGradeBonus = (signal?: AbortSignal) =>
  request<UserUpGradeBonus>(ActivityApi.getUserUpGradeBonus.path, { signal });

export const userUpGradeBonusQuery = () =>
  queryOptions({
    queryKey: ['vip', 'userUpGradeBonus'],
    queryFn: ({ signal }) => getUserUpGradeBonus(signal),
  });

export const useUserUpGradeBonus = (enabled = true) => useQuery({ ...userUpGradeBonusQuery(), enabled });
