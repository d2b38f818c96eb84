import { lazy, Suspense } from 'react';
import { LazyPopup } from '../../../shared/ui/lazy-popup';
import { PageLoading } from '../../../shared/ui/page-loading';
import '../long-dragon.css';

// The panel (list, footer, bet flow) loads the first time the popup opens, not with the chat room.
const LongDragonPanel = lazy(async () => ({
  default: (await import('./long-dragon-panel')).LongDragonPanel,
}));

/**
 * The long-dragon helper as a popup inside chat rooms (spec/platform.md §2): the same panel as
 * /longQueue; it loads and reloads only while open, and closes itself before a link leaves the room.
 */
export function LongDragonPopup({ visible, onClose }: { visible: boolean; onClose(): void }) {
  return (
    <LazyPopup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      bodyClassName="ld-popup"
      showCloseButton
    >
      <div className="ld-popup-title">长龙助手</div>
      <Suspense fallback={<PageLoading />}>
        <LongDragonPanel active={visible} onLeave={onClose} />
      </Suspense>
    </LazyPopup>
  );
}
