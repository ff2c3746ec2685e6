// A reason the server cannot start that its operator can fix (a missing variable, a data folder
// it cannot write). server.ts prints the message alone, one line without a stack trace, and exits
// with code 1; any other error at start is a bug and keeps its stack.
export class StartupError extends Error {
  // server.ts checks this flag rather than `instanceof`: the build bundles its own copy of the class.
  readonly isStartupError = true;
}
