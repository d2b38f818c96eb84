import { MessageType } from '@lottery/contract/chat';
import { PlanMessage } from '../features/chat/components/message-cards';
import {
  type ChatExtensions,
  ChatExtensionsProvider,
  type EnvelopeGrabSlot,
  type EnvelopeSlots,
  type MessageRendererProps,
} from '../features/chat/extensions/chat-extensions';
import { parsePayload } from '../features/chat/model/messages';
import ChatRoomPage from '../features/chat/pages/chat-room-page';
import { LongDragonPopup } from '../features/long-dragon/components/long-dragon-popup';
import { EnvelopeCard } from '../features/redenvelope/components/envelope-card';
import {
  EnvelopeDetailPopup,
  GrabDialog,
  refuseGuest,
  useEnvelopeGrab,
} from '../features/redenvelope/components/grab-dialog';
import { ReceivedPanel } from '../features/redenvelope/components/received-panel';
import { SendEnvelopePopup } from '../features/redenvelope/components/send-envelope-popup';
import { PlanFollow } from '../features/share-bet/components/plan-follow';
import { SharedBetMessage, SharedResultMessage } from '../features/share-bet/components/shared-cards';
import { useShare } from '../features/share-bet/hooks/use-share';
import { ShareSlotProvider } from '../shared/ui/share-slot';

/**
 * The chat room as the app composes it: chat knows no other feature, so the red envelope's
 * card and actions, the shared slip and result cards (share-bet, with 分享注单 and 我要跟投), the plan
 * card and the long-dragon helper are registered here (DESIGN.md §10).
 */

function EnvelopeMessage({ message, onOpen }: MessageRendererProps) {
  const env = parsePayload<{ wishingRemark: string; type: number }>(message.message);
  return (
    <EnvelopeCard
      wishingRemark={message.redEnvelope?.wishingRemark || env?.wishingRemark || ''}
      lucky={env?.type === 2}
      isRead={message.redEnvelope?.isRead ?? false}
      state={message.redEnvelope?.state ?? 0}
      onOpen={() => onOpen(message)}
    />
  );
}

/** Chat's plan card (tap: 历史开奖) with share-bet's 跟投 under it while the issue waits for its draw. */
function PlanWithFollow(props: MessageRendererProps) {
  return (
    <>
      <PlanMessage {...props} />
      <PlanFollow message={props.message} />
    </>
  );
}

function useRoomEnvelopeGrab({
  isDirect,
  onRead,
  onOpenRecords,
}: Parameters<EnvelopeSlots['useGrab']>[0]): EnvelopeGrabSlot {
  const grab = useEnvelopeGrab({ isDirect, onRead });
  return {
    start: (target) => void grab.start(target),
    view: (
      <>
        <GrabDialog grab={grab} />
        <EnvelopeDetailPopup grab={grab} onOpenRecords={onOpenRecords} />
      </>
    ),
  };
}

export const chatExtensions: ChatExtensions = {
  renderers: {
    [MessageType.redEnvelope]: EnvelopeMessage,
    [MessageType.sharedBet]: SharedBetMessage,
    [MessageType.sharedResult]: SharedResultMessage,
    [MessageType.pushPlan]: PlanWithFollow,
  },
  envelopes: {
    useGrab: useRoomEnvelopeGrab,
    SendPopup: SendEnvelopePopup,
    ReceivedPanel,
    refuseGuest: (goRegister) => void refuseGuest(goRegister),
  },
  LongDragonPopup,
};

export default function ChatRoom() {
  // The long-dragon popup's 分享注单 opens the same share flow as the play page.
  return (
    <ShareSlotProvider useShare={useShare}>
      <ChatExtensionsProvider value={chatExtensions}>
        <ChatRoomPage />
      </ChatExtensionsProvider>
    </ShareSlotProvider>
  );
}
