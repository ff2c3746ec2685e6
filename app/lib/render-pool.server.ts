// CPU-heavy renders (a results report's PDF, a share card) run in a small pool of worker threads
// (piscina), so no visitor's request waits behind one on the main thread. The pool is bounded: at
// most one worker per CPU but one (one on a one-CPU machine), and a queue of RENDER_QUEUE_LIMIT
// renders; past it the render is refused (RenderPoolBusy, answered 503 with Retry-After) rather
// than let requests pile up. Workers exit after a while idle, so their memory goes back.
// docs/decisions/043-render-pool.md.
import os from "node:os";
import path from "node:path";
import type { Piscina } from "piscina";
import { noStore } from "./headers";
import { logEvent } from "./log.server";

const RETRY_AFTER_SECONDS = 10;

/** The queue was full: the caller answers with `response()`, a 503 with Retry-After. */
export class RenderPoolBusy extends Error {
  constructor() {
    super("The render queue is full.");
  }

  response() {
    return new Response("Busy drawing other files: please try again in a few seconds.", {
      status: 503,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        ...noStore,
        "Retry-After": String(RETRY_AFTER_SECONDS),
      },
    });
  }
}

const IDLE_WORKER_MS = 30_000;

let pool: Piscina | null = null;
let workersFolder = "";

/**
 * Started by server.ts with the folder of the built workers (build/workers, vite.workers.config.ts);
 * until then, and without it, renders run on the calling thread.
 */
export async function startRenderPool(options: { workersFolder: string; queueLimit: number }) {
  const { Piscina } = await import("piscina");
  workersFolder = options.workersFolder;
  pool = new Piscina({
    minThreads: 0,
    maxThreads: Math.max(1, os.availableParallelism() - 1),
    idleTimeout: IDLE_WORKER_MS,
    maxQueue: options.queueLimit,
  });
}

/** Lets renders under way finish, then ends the workers. */
export async function stopRenderPool() {
  const stopping = pool;
  pool = null;
  await stopping?.close();
}

/**
 * Runs the export `task` of the built worker `workerFile` (its name in build/workers) with `input`
 * in the pool, or, with no pool (tests, the dev server, where no worker is built), `inThread` on
 * this thread: the same work. Throws RenderPoolBusy when the queue is full.
 */
export async function runInPool<T>(
  { workerFile, task, input }: { workerFile: string; task: string; input: unknown },
  inThread: () => Promise<T>,
): Promise<T> {
  if (!pool) return inThread();
  try {
    const filename = path.join(workersFolder, workerFile);
    return (await pool.run(input, { filename, name: task })) as T;
  } catch (error) {
    if (error instanceof Error && error.message === "Task queue is at limit") {
      logEvent("info", "render_queue_full", { task });
      throw new RenderPoolBusy();
    }
    throw error;
  }
}
