// Reading a Dockerfile: its instructions, shell words, flags, and which stages a target needs.
// Shared by scripts/docker-build-mirror.ts and scripts/check-deploy-config.ts.

class DockerfileError extends Error {}

export type Instruction = {
  /** The line it starts on, for messages. */
  line: number;
  /** Upper case: FROM, RUN... */
  keyword: string;
  args: string;
  text: string;
};

export type Stage = {
  name: string;
  /** An image, or the name of an earlier stage. */
  base: string;
  from: Instruction;
  instructions: Instruction[];
};

/** Splits a Dockerfile into instructions, joining `\` continuations and dropping comments. */
export function parseDockerfile(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let buffer = "";
  let startLine = 0;
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const trimmed = raw.trim();
    if (trimmed.startsWith("#") || (trimmed === "" && buffer === "")) return;
    if (buffer === "") startLine = index + 1;
    if (trimmed.endsWith("\\")) {
      buffer += `${trimmed.slice(0, -1)} `;
      return;
    }
    buffer += trimmed;
    const match = /^(\S+)\s*([\s\S]*)$/.exec(buffer.trim());
    if (match?.[1] !== undefined && match[2] !== undefined) {
      instructions.push({
        line: startLine,
        keyword: match[1].toUpperCase(),
        args: match[2].trim(),
        text: buffer.trim(),
      });
    }
    buffer = "";
  });
  if (buffer.trim() !== "") throw new DockerfileError("Dockerfile ends inside a line continuation");
  return instructions;
}

/** Splits shell-like words, honouring single and double quotes and backslash escapes. */
export function shellWords(input: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let quote: string | null = null;
  for (let i = 0; i < input.length; i += 1) {
    const ch = input.charAt(i);
    if (quote) {
      if (ch === quote) quote = null;
      else if (ch === "\\" && quote === '"' && i + 1 < input.length) word += input.charAt(++i);
      else word += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
    } else if (ch === "\\" && i + 1 < input.length) {
      word += input.charAt(++i);
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (quote) throw new DockerfileError(`unterminated quote in: ${input}`);
  if (inWord) words.push(word);
  return words;
}

/** JSON exec form (`["a", "b"]`) or undefined for shell form. */
export function execForm(args: string): string[] | undefined {
  if (!args.startsWith("[")) return undefined;
  try {
    const parsed: unknown = JSON.parse(args);
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === "string")) return parsed;
  } catch {
    // Docker treats an unparsable array as shell form too.
  }
  return undefined;
}

/** Leading `--name=value` flags, and what follows them. */
export function splitFlags(args: string) {
  const flags: Record<string, string> = {};
  let rest = args;
  for (;;) {
    const match = /^--([\w-]+)(?:=(\S*))?\s*/.exec(rest);
    if (match?.[1] === undefined) break;
    flags[match[1]] = match[2] ?? "true";
    rest = rest.slice(match[0].length);
  }
  return { flags, rest: rest.trim() };
}

export function parseDuration(value: string | undefined, fallbackMs: number) {
  if (!value) return fallbackMs;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(value);
  if (!match) return fallbackMs;
  const unit = (match[2] ?? "s") as "ms" | "s" | "m" | "h";
  const factor = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit];
  return Number(match[1]) * factor;
}

/**
 * The stages in file order: name, base image or stage, and their instructions. A stage without
 * `AS name` is named after its position, as Docker does.
 */
export function stagesOf(instructions: Instruction[]): Stage[] {
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === "FROM") {
      const words = shellWords(splitFlags(instruction.args).rest);
      const name = words[1]?.toLowerCase() === "as" ? words[2] : String(stages.length);
      if (!words[0] || !name) {
        throw new DockerfileError(`line ${instruction.line}: cannot read ${instruction.text}`);
      }
      stages.push({ name, base: words[0], from: instruction, instructions: [] });
    } else {
      const current = stages.at(-1);
      if (!current) {
        throw new DockerfileError(
          `line ${instruction.line}: ${instruction.keyword} before any FROM`,
        );
      }
      current.instructions.push(instruction);
    }
  }
  return stages;
}

/**
 * The names of the stages that building `target` (by default the last stage) needs: the target,
 * the stages it is built FROM, and those it copies from, as BuildKit builds them.
 */
export function stagesNeededFor(stages: Stage[], target = stages.at(-1)?.name) {
  const byName = new Map(stages.map((stage) => [stage.name, stage]));
  const needed = new Set<string>();
  const visit = (name: string | undefined) => {
    const stage = name === undefined ? undefined : byName.get(name);
    if (!stage || needed.has(stage.name)) return;
    needed.add(stage.name);
    visit(stage.base);
    for (const instruction of stage.instructions) {
      if (instruction.keyword === "COPY") visit(splitFlags(instruction.args).flags.from);
    }
  };
  visit(target);
  return needed;
}

/** The stage `name` and the stages it is built FROM, the first base first. */
export function stageChain(stages: Stage[], name: string | undefined): Stage[] {
  const byName = new Map<string | undefined, Stage>(stages.map((stage) => [stage.name, stage]));
  const chain: Stage[] = [];
  for (let stage = byName.get(name); stage; stage = byName.get(stage.base)) chain.unshift(stage);
  return chain;
}

/** The variables an `ENV key=value ...` instruction sets. */
function envAssignments(args: string): [string, string][] {
  return shellWords(args).flatMap((word) => {
    const at = word.indexOf("=");
    return at > 0 ? [[word.slice(0, at), word.slice(at + 1)] as [string, string]] : [];
  });
}

/** The environment a stage's containers start with: every ENV of the stage and its parents. */
export function stageEnvironment(stages: Stage[], name: string | undefined) {
  const instructions = stageChain(stages, name).flatMap((stage) => stage.instructions);
  return Object.fromEntries(
    instructions.flatMap((instruction) =>
      instruction.keyword === "ENV" ? envAssignments(instruction.args) : [],
    ),
  );
}
