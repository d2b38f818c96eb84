import { Component, type ReactNode } from 'react';

/**
 * Renders nothing in place of children that failed to load or draw: for what the shell loads in
 * the background (its extras, the chat button). A chunk that cannot be fetched (offline, say) must
 * not take the page around it down; the next time the part is mounted it is tried again.
 */
export class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
