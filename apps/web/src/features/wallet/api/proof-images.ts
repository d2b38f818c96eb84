import { FilesApi } from '@lottery/contract/files-api';
import { PaymentApi } from '@lottery/contract/payment-api';
import { useQuery } from '@tanstack/react-query';
import { type CallReply, call, callUpload } from '../../../shared/api/call';
import { walletKeys } from './keys';

export type ProofCount = CallReply<typeof PaymentApi.digitalCurrencyOrderImageCount>;

/** GET transaction/digitalCurrencyOrderImageCount */
export const useProofCount = (orderNo: string, enabled: boolean) =>
  useQuery({
    queryKey: [...walletKeys.all, 'proofs', orderNo] as const,
    queryFn: ({ signal }) => call(PaymentApi.digitalCurrencyOrderImageCount, { orderNo }, { signal }),
    enabled,
  });

/**
 * POST files/uploadImageFiles (multipart): the order number, then the pictures. Answers the new
 * count, or an ApiError with the server's message.
 */
export const uploadProofImages = async (orderNo: string, files: File[]) =>
  (
    await callUpload(FilesApi.uploadImageFiles, {
      fields: { orderNo },
      files: files.map((file) => ({ file, name: file.name || 'proof.jpg' })),
    })
  ).data;
