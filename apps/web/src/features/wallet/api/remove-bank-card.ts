import { Code } from '@lottery/contract/codes';
import { request } from '../../../shared/api/client';
import { encryptSafetyPassword } from '../model/safety-cipher';

export interface CardRemovalCheck {
  id: number;
  canRemove: boolean;
  /** why not (a withdrawal to the card is in review); null when it may go */
  reason: string | null;
  hasSafetyPassword: boolean;
}

/** GET users/destructionCheckBankCard: may this own card be removed now. */
export const getCardRemovalCheck = (id: number) =>
  request<CardRemovalCheck>('users/destructionCheckBankCard', { query: { id } });

/** POST users/destructionCheckBankCard: remove the card (safety password, encrypted). */
export async function removeBankCard(userName: string, id: number, password: string): Promise<void> {
  const safetyPassword = await encryptSafetyPassword(password, userName);
  await request('users/destructionCheckBankCard', {
    form: { id, safetyPassword },
    passCodes: [Code.VERIFY_FAILED],
  });
}
