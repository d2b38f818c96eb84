import { ActivityApi } from '@lottery/contract/activity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/** GET activity/getUserUpGradeBonus: grade, growth, progress and the unpaid upgrade bonuses. */
export const getUserUpGradeBonus = (signal?: AbortSignal) =>
  call(ActivityApi.getUserUpGradeBonus, undefined, { signal });

export const userUpGradeBonusQuery = () =>
  queryOptions({
    queryKey: ['vip', 'userUpGradeBonus'],
    queryFn: ({ signal }) => getUserUpGradeBonus(signal),
  });

export const useUserUpGradeBonus = (enabled = true) => useQuery({ ...userUpGradeBonusQuery(), enabled });
