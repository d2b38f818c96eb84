// The public surface of the chat module: what other modules, jobs, realtime and the CLI may use.

export type { Actor } from './actor';
export { userActor } from './actor';
export { DirectChat } from './direct';
export { Members } from './members';
export { PushPlans } from './push-plans';
export type { ChatUser } from './repo';
export * as chatRepo from './repo';
export { deadSessions } from './repo';
export { seedChatDemo } from './seed';
export { ChatService } from './service';
export { GUEST_GRADE, maskName } from './views';
