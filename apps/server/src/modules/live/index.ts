// The public surface of the live module: what app.ts may use.
export { LiveRooms } from './rooms';
