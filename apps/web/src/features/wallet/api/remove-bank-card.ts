import { Code } from '@lottery/contract/codes';
import { PaymentApi } from '@lottery/contract/payment-api';
import { type CallReply, call } from '../../../shared/api/call';
import { encryptSafetyPassword } from '../model/safety-cipher';

/** Whether the card may go now; `reason` (a withdrawal to it is in review) is null when it may. */
export type CardRemovalCheck = CallReply<typeof PaymentApi.destructionCheck>;

/** GET users/destructionCheckBankCard: may this own card be removed now. */
export const getCardRemovalCheck = (id: number) => call(PaymentApi.destructionCheck, { id });

/** POST users/destructionCheckBankCard: remove the card (safety password, encrypted). */
export async function removeBankCard(userName: string, id: number, password: string): Promise<void> {
  const safetyPassword = await encryptSafetyPassword(password, userName);
  await call(PaymentApi.destroyBankCard, { id, safetyPassword }, { passCodes: [Code.VERIFY_FAILED] });
}
