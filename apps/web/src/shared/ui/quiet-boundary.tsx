import { Component, type ReactNode, Suspense } from 'react';

/**
 * A part the shell loads in the background (its extras, the chat button): renders nothing while
 * its chunk loads, and nothing in place of it if it failed to load or draw. A chunk that cannot be
 * fetched (offline, say) must not take the page around it down; the next time the part is mounted
 * it is tried again.
 */
export class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  render(): ReactNode {
    return this.state.failed ? null : <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
