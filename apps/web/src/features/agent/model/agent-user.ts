import { useUserStore } from '../../../shared/stores/user';

/**
 * The signed-in agent's id, the first part of every agent query key: a re-login as someone else
 * never shows the last agent's team. The route guard lets only agents in, so it is set here.
 */
export function useAgentId(): number {
  return Number(useUserStore((s) => s.user?.userId) ?? 0);
}
