// The benchmark's one error type: a sentence for the console, never a body,
// token or secret from the servers it measures.

export class BenchError extends Error {
  constructor(message) {
    super(message);
    this.name = "BenchError";
  }
}
