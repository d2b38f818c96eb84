import { Code } from '@lottery/contract/codes';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { enpathUrl } from '../../../shared/api/enpath';
import { ApiError } from '../../../shared/api/envelope';
import { walletKeys } from './keys';

export interface ProofCount {
  orderNo: string;
  count: number;
  max: number;
}

/** GET transaction/digitalCurrencyOrderImageCount */
export const useProofCount = (orderNo: string, enabled: boolean) =>
  useQuery({
    queryKey: [...walletKeys.all, 'proofs', orderNo] as const,
    queryFn: ({ signal }) =>
      request<ProofCount>('transaction/digitalCurrencyOrderImageCount', { query: { orderNo }, signal }),
    enabled,
  });

/**
 * POST files/uploadImageFiles (multipart): the order number first, then the pictures, as the
 * server reads them in order. Answers the new count, or an ApiError with the server's message.
 */
export async function uploadProofImages(orderNo: string, files: File[]): Promise<ProofCount> {
  const body = new FormData();
  body.set('orderNo', orderNo);
  for (const file of files) body.append('file', file, file.name || 'proof.jpg');
  const res = await fetch(enpathUrl('files/uploadImageFiles'), {
    method: 'POST',
    body,
    credentials: 'same-origin',
  });
  const envelope = (await res.json().catch(() => ({ code: -1, msg: '上传失败' }))) as {
    code: number;
    msg: string;
    data?: ProofCount;
  };
  if (envelope.code !== Code.OK || !envelope.data)
    throw new ApiError({ code: envelope.code, msg: envelope.msg, handled: false });
  return envelope.data;
}
