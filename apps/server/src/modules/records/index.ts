// The public surface of the records module: nothing yet.
export {};
