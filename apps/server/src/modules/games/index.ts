// The public surface of the games module: what app.ts, jobs and the agent reports may use.
export { type LoopReport, runGameRounds } from './loop';
export { GameRooms } from './rooms';
