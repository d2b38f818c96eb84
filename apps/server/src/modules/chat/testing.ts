// Fixtures of the chat module for other modules' tests (imported by *.test.ts only).

export type { ChatFixture, Client, TestUser } from './chat-fixture';
export {
  addUser,
  call,
  chatApp,
  chatFixture,
  connect,
  fund,
  giveSafetyPassword,
  safetyWire,
  userNamed,
} from './chat-fixture';
