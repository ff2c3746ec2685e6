// The part of autocannon 9 that scripts/bench.ts uses; autocannon ships no types of its own and
// @types/autocannon is not installed.
declare module "autocannon" {
  type Options = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    headers?: Record<string, string>;
  };

  type Result = {
    requests: { average: number };
    /** Milliseconds. */
    latency: { p50: number; p99: number };
    non2xx: number;
    /** Errors, timeouts among them. */
    errors: number;
  };

  /** A run in progress: it resolves to its result, or ends early when stopped. */
  type Run = PromiseLike<Result> & { stop: () => void };

  export default function autocannon(options: Options): Run;
}
