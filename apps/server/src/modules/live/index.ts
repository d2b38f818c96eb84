// The public surface of the live module: what app.ts may use.
export { LiveRooms, liveDrawnMessage } from './rooms';
