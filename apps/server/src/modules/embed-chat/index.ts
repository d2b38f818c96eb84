// The public surface of the embedded chat module: nothing else crosses its edge.
export { createUnboundAccount } from './service';
