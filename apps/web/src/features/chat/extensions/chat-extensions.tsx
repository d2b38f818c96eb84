import type { ChatMessage } from '@lottery/contract/chat';
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

/**
 * What other features contribute to the chat room, filled in by the app (app/chat-room.tsx), so
 * chat imports no other feature (DESIGN.md §10: message renderers by message type).
 */

/** Renders the body of one message of a registered type; `onOpen` is a tap on it. */
export interface MessageRendererProps {
  message: ChatMessage;
  onOpen(message: ChatMessage): void;
}
export type MessageRenderer = ComponentType<MessageRendererProps>;

/** The envelope a tap on a red-envelope message opens. */
export interface EnvelopeTarget {
  recordId: number;
  roomId: number;
  roomCode?: string;
  isDirect: boolean;
}

/** The grab flow of one room: `start` opens an envelope, `view` renders its dialogs. */
export interface EnvelopeGrabSlot {
  start(target: EnvelopeTarget): void;
  view: ReactNode;
}

export interface EnvelopeSlots {
  useGrab(options: {
    isDirect: boolean;
    onRead(recordId: number, state: number): void;
    onOpenRecords(): void;
  }): EnvelopeGrabSlot;
  SendPopup: ComponentType<{
    visible: boolean;
    roomCode?: string;
    directRoomId?: number;
    onClose(): void;
    onSent(): void;
  }>;
  ReceivedPanel: ComponentType<{ visible: boolean; onClose(): void }>;
  /** A guest's tap on an envelope: refused, with a way to 注册. */
  refuseGuest(goRegister: () => void): void;
}

export interface ChatExtensions {
  /** Message renderers by `messageTypeId`; types without one render as text. */
  renderers: Partial<Record<number, MessageRenderer>>;
  /** Red-envelope actions; without them a room offers no envelopes. */
  envelopes?: EnvelopeSlots;
  /** The long-dragon helper popup (spec/platform.md §2); without it a room shows no 长龙 button. */
  LongDragonPopup?: ComponentType<{ visible: boolean; onClose(): void }>;
}

const noEnvelopeGrab: EnvelopeGrabSlot = { start: () => undefined, view: null };
const useNoEnvelopeGrab = (): EnvelopeGrabSlot => noEnvelopeGrab;
const ChatExtensionsContext = createContext<ChatExtensions>({ renderers: {} });

export function ChatExtensionsProvider({ value, children }: { value: ChatExtensions; children: ReactNode }) {
  return <ChatExtensionsContext.Provider value={value}>{children}</ChatExtensionsContext.Provider>;
}

export function useChatExtensions(): ChatExtensions {
  return useContext(ChatExtensionsContext);
}

/** The room's envelope grab flow, or one that does nothing when the app registered none. */
export function useEnvelopeGrabSlot(options: Parameters<EnvelopeSlots['useGrab']>[0]): EnvelopeGrabSlot {
  const { envelopes } = useChatExtensions();
  // The slot is fixed for the app's lifetime, so the hook order never changes between renders.
  const useGrab = envelopes?.useGrab ?? useNoEnvelopeGrab;
  return useGrab(options);
}
