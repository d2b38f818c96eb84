import type { Family } from '@lottery/rules/family';
import { loadFamilyPlays } from '@lottery/rules/family-plays';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * The plays of one family, loaded as their own chunk (issue 10: the play screen of 快三 does not
 * download the other nine families' rules). Code, not data: loaded once, kept for the session.
 */
export const familyPlaysQuery = (family: Family | undefined) =>
  queryOptions({
    queryKey: ['rules', 'plays', family],
    queryFn: () => loadFamilyPlays(family!),
    enabled: family !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export function useFamilyPlays(family: Family | undefined) {
  return useQuery(familyPlaysQuery(family));
}
