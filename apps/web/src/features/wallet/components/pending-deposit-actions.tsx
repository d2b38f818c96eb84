import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { displayMoney } from '../../../shared/format';
import { useSafetyMutation } from '../../../shared/forms/use-safety-mutation';
import { useUserStore } from '../../../shared/stores/user';
import { SafetyKeypadPopup } from '../../../shared/ui/safety-keypad-popup';
import { toastInfo, toastSuccess } from '../../../shared/ui/toast';
import { walletKeys } from '../api/keys';
import { uploadProofImages, useProofCount } from '../api/proof-images';
import type { Deposit } from '../api/types';
import { payFromVirtualWallet } from '../api/virtual-wallet-pay';

/**
 * Under a pending deposit order: 余额宝支付 (transaction/frontVirtualWalletPay, when the tenant has
 * yuebao) and, for a digital-currency order, 上传凭证 n/5 (files/uploadImageFiles) for the operator
 * who confirms it (docs/api.md "Remaining account and wallet calls").
 */
export function PendingDepositActions({ order, yuebao }: { order: Deposit; yuebao: boolean }) {
  const queryClient = useQueryClient();
  const user = useUserStore((s) => s.user);
  const digital = order.channel === 'digitalcurrencypay';
  const proofs = useProofCount(order.orderNo, digital);
  const [paying, setPaying] = useState(false);
  const [uploading, setUploading] = useState(false);
  const safety = useSafetyMutation({
    incomplete: 'ignore',
    onLocked: () => setPaying(false),
    send: async (password) => {
      if (!user) return;
      await payFromVirtualWallet(user.userName, order.orderNo, password);
      setPaying(false);
      toastSuccess('支付成功');
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });

  const askPay = async () => {
    if (
      await Dialog.confirm({
        content: `使用余额宝支付 ${displayMoney(order.amount)} 元？`,
        confirmText: '支付',
      })
    ) {
      safety.setPassword('');
      setPaying(true);
    }
  };

  const upload = async (files: File[]) => {
    if (files.length === 0 || uploading) return;
    setUploading(true);
    try {
      const result = await uploadProofImages(order.orderNo, files);
      toastSuccess(`上传成功 ${result.count}/${result.max}`);
      await proofs.refetch();
    } catch (error) {
      toastInfo(error instanceof Error ? error.message : '上传失败');
    } finally {
      setUploading(false);
    }
  };

  if (!yuebao && !digital) return null;
  const full = proofs.data ? proofs.data.count >= proofs.data.max : false;
  return (
    <div className="deposit-actions" data-testid="deposit-actions">
      {digital ? (
        <label className={`deposit-proof${full ? ' is-full' : ''}`}>
          <input
            type="file"
            multiple
            accept="image/jpeg,image/png,image/gif,image/bmp"
            data-testid="proof-upload"
            disabled={uploading || full}
            onChange={(e) => {
              void upload(Array.from(e.target.files ?? []));
              e.target.value = '';
            }}
          />
          {uploading ? '上传中...' : '上传凭证'}
          {proofs.data ? ` ${proofs.data.count}/${proofs.data.max}` : ''}
        </label>
      ) : null}
      {yuebao ? (
        <Button size="mini" shape="rounded" color="warning" fill="outline" onClick={() => void askPay()}>
          余额宝支付
        </Button>
      ) : null}
      <SafetyKeypadPopup
        visible={paying}
        busy={safety.sending}
        value={safety.password}
        onChange={safety.setPassword}
        onComplete={(p) => void safety.submit(p)}
        onClose={() => setPaying(false)}
        testId="virtual-wallet-safety"
      />
    </div>
  );
}
