import { SecretChatSlot } from '../../features/chat/components/secret-chat-slot';
import { MessageSocket } from '../../features/content/components/message-socket';
import { UnreadWatcher } from '../../features/content/components/unread-watcher';
import { UpgradePrompt } from '../upgrade-prompt';
import { MessagePopup } from './message-popup';

/**
 * The shell's signed-in extras: the new-message popup, fed by the player's account socket with the
 * unread poll as backstop, the floating private-chat frame fed by the same socket (its own chunk,
 * loaded on the first private message), and the VIP upgrade prompt. A chunk of its own, loaded only once a
 * player is signed in: the socket client and the upgrade call validate with the contracts' zod
 * schemas, whose construction a visitor's first load does not need to pay for (issue 10).
 */
export default function MemberExtras() {
  return (
    <>
      <MessagePopup />
      <UnreadWatcher />
      <MessageSocket />
      <SecretChatSlot />
      <UpgradePrompt />
    </>
  );
}
