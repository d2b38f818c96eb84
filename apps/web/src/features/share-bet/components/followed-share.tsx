import { Dialog } from 'antd-mobile';
import { useEffect } from 'react';
import { useShare } from '../hooks/use-share';
import type { ShareLine } from '../model/share';

/**
 * 投注成功 after following a shared slip (spec/betting.md §2: "After a successful bet: 投注成功 with
 * 分享到本聊天室 and 分享注单"): the slip as followed can be shared on, to the room it was followed in
 * or through the picker, by the same flow as the play page's (edit the amount, then send). Mounted
 * once per bet placed; it holds the share flow's popups after the dialog closes.
 */
export default function FollowedShare({ lines, roomCode }: { lines: ShareLine[]; roomCode?: string }) {
  const share = useShare();
  const { open } = share;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one dialog per bet placed (the key remounts)
  useEffect(() => {
    const dialog = Dialog.show({
      title: '投注成功',
      content: '投注成功，可在投注记录中查看注单',
      closeOnAction: true,
      actions: [
        ...(roomCode
          ? [
              {
                key: 'here',
                text: '分享到本聊天室',
                onClick: () => open(lines, { roomCode, toThisRoom: true }),
              },
            ]
          : []),
        [
          { key: 'ok', text: '确定' },
          { key: 'share', text: '分享注单', onClick: () => open(lines, { roomCode }) },
        ],
      ],
    });
    return () => dialog.close();
  }, []);
  return <>{share.view}</>;
}
