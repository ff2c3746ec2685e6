// Reading a Dockerfile: its instructions, shell words, flags, and which stages a target needs.
// Shared by scripts/docker-build-mirror.js and scripts/check-deploy-config.js.

export class DockerfileError extends Error {}

/** Splits a Dockerfile into instructions, joining `\` continuations and dropping comments. */
export function parseDockerfile(text) {
  const instructions = [];
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
    if (match) {
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
export function shellWords(input) {
  const words = [];
  let word = "";
  let inWord = false;
  let quote = null;
  for (let i = 0; i < input.length; i += 1) {
    const ch = input[i];
    if (quote) {
      if (ch === quote) quote = null;
      else if (ch === "\\" && quote === '"' && i + 1 < input.length) word += input[++i];
      else word += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
    } else if (ch === "\\" && i + 1 < input.length) {
      word += input[++i];
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
export function execForm(args) {
  if (!args.startsWith("[")) return undefined;
  try {
    const parsed = JSON.parse(args);
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === "string")) return parsed;
  } catch {
    // Docker treats an unparsable array as shell form too.
  }
  return undefined;
}

/** Leading `--name=value` flags, and what follows them. */
export function splitFlags(args) {
  const flags = {};
  let rest = args;
  for (;;) {
    const match = /^--([\w-]+)(?:=(\S*))?\s*/.exec(rest);
    if (!match) break;
    flags[match[1]] = match[2] ?? "true";
    rest = rest.slice(match[0].length);
  }
  return { flags, rest: rest.trim() };
}

export function parseDuration(value, fallbackMs) {
  if (!value) return fallbackMs;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(value);
  if (!match) return fallbackMs;
  const factor = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] ?? "s"];
  return Number(match[1]) * factor;
}

/**
 * The stages in file order: name, base image or stage, and their instructions. A stage without
 * `AS name` is named after its position, as Docker does.
 */
export function stagesOf(instructions) {
  const stages = [];
  for (const instruction of instructions) {
    if (instruction.keyword === "FROM") {
      const words = shellWords(splitFlags(instruction.args).rest);
      const name = words[1]?.toLowerCase() === "as" ? words[2] : String(stages.length);
      if (!words[0] || !name) {
        throw new DockerfileError(`line ${instruction.line}: cannot read ${instruction.text}`);
      }
      stages.push({ name, base: words[0], from: instruction, instructions: [] });
    } else if (stages.length === 0) {
      throw new DockerfileError(`line ${instruction.line}: ${instruction.keyword} before any FROM`);
    } else {
      stages.at(-1).instructions.push(instruction);
    }
  }
  return stages;
}

/**
 * The names of the stages that building `target` (by default the last stage) needs: the target,
 * the stages it is built FROM, and those it copies from, as BuildKit builds them.
 */
export function stagesNeededFor(stages, target = stages.at(-1)?.name) {
  const byName = new Map(stages.map((stage) => [stage.name, stage]));
  const needed = new Set();
  const visit = (name) => {
    const stage = byName.get(name);
    if (!stage || needed.has(name)) return;
    needed.add(name);
    visit(stage.base);
    for (const instruction of stage.instructions) {
      if (instruction.keyword === "COPY") visit(splitFlags(instruction.args).flags.from);
    }
  };
  visit(target);
  return needed;
}
