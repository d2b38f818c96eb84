/** The long-dragon helper as a popup inside chat rooms (spec/platform.md §2). Scaffold: built this session. */
export function LongDragonPopup(_props: { visible: boolean; onClose(): void }) {
  return null;
}
