// What the app logs while a test runs: the JSON lines its logger writes to stdout.
import { vi } from "vitest";

export function captureLogLines() {
  const lines: string[] = [];
  const write = vi
    .spyOn(process.stdout, "write")
    .mockImplementation((chunk: string | Uint8Array) => {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      return true;
    });
  return { lines, restore: () => write.mockRestore() };
}
