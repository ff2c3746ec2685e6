// The house rules of docs/architecture.md, read off the source: imports run one way, features are
// entered only through their doors, and the drawn feature graph is the one in the code.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const appDir = path.join(root, "app");
const serverFiles = [path.join(root, "server.ts"), ...sourceFiles(path.join(root, "server"))];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const inApp = (file: string) => !path.relative(appDir, file).startsWith("..");

/** Static imports, re-exports and dynamic imports of the app's own modules, resolved to files. */
function appImports(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  const specifiers = [
    ...source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^"';]*?\bfrom\s+["']([^"']+)["']/g),
    ...source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ].map((match) => match[1]!);
  return specifiers.flatMap((specifier) => {
    let base: string;
    if (specifier.startsWith("~/")) base = path.join(appDir, specifier.slice(2));
    else if (specifier.startsWith(".")) base = path.resolve(path.dirname(file), specifier);
    else return [];
    const found = ["", ".ts", ".tsx", ".js", "/index.ts"]
      .map((extension) => base + extension)
      .find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
    return found ? [found] : [];
  });
}

/** The layer a module sits in: an import may only go to the same layer or one further down. */
function layerOf(file: string): number {
  const relative = path.relative(appDir, file);
  if (relative.startsWith("..")) return 6; // outside app/: tests/support, for tests beside modules
  if (relative.startsWith("features/")) return 2;
  if (relative.startsWith("components/") || relative.startsWith("content/")) return 3;
  if (relative.startsWith("lib/")) return 4;
  if (relative.startsWith("db/")) return 5;
  return 1; // routes, root.tsx, entry.client.tsx, entry.server.tsx
}

/** True for a module that declares types and nothing else: no statement of it runs. */
function typesOnly(file: string) {
  const statements = fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => /^(import|export|const|let|var|function|class|async)\b/.test(line));
  return statements.every((line) => /^(import|export) type\b/.test(line));
}

const featureOf = (file: string) => /^features\/([^/]+)\//.exec(path.relative(appDir, file))?.[1];
const isDoor = (file: string) =>
  /^features\/[^/]+\/index(\.server)?\.ts$/.test(path.relative(appDir, file));

const files = sourceFiles(appDir);
const edges = files.flatMap((from) => appImports(from).map((to) => ({ from, to })));
const show = ({ from, to }: { from: string; to: string }) =>
  `${path.relative(root, from)} -> ${path.relative(root, to)}`;

describe("the layout of app/", () => {
  test("the rules see the whole app: every feature, and imports between them", () => {
    const features = new Set(files.map(featureOf).filter(Boolean));
    expect([...features].sort()).toEqual([
      "accounts",
      "assessment",
      "booking",
      "contact",
      "covers",
      "cta-clicks",
      "insights",
      "leads",
      "link-previews",
      "outbox",
      "privacy",
      "retention",
      "share-cards",
      "subscribers",
      "webhooks",
    ]);
    expect(edges.length).toBeGreaterThan(300);
  });

  test("imports run one way: routes, features, shared components and content, lib, schema", () => {
    const upward = edges.filter(({ from, to }) => layerOf(to) < layerOf(from));
    expect(upward.map(show)).toEqual([]);
  });

  test("the app never imports server.ts or server/: what both need lives in app/lib", () => {
    const intoServer = edges.filter(({ to }) => serverFiles.includes(to));
    expect(intoServer.map(show)).toEqual([]);
  });

  test("server.ts and server/ reach into app/ only for app/lib modules Node runs as they are", () => {
    // Everything in app/ that the server's own files load, followed through its imports.
    const reached = new Set<string>();
    const visit = (file: string) => {
      for (const to of appImports(file).filter(inApp)) {
        if (reached.has(to)) continue;
        reached.add(to);
        visit(to);
      }
    };
    serverFiles.forEach(visit);
    const modules = [...reached].map((file) => path.relative(root, file)).sort();
    expect(modules.length).toBeGreaterThan(0);
    // The rest of the app reaches the server only through the build (build/server/index.js).
    expect(modules.filter((file) => !file.startsWith("app/lib/"))).toEqual([]);
    // Node runs them unbuilt: type-checked as Node runs them, and copied into the image.
    const nodeConfig = fs.readFileSync(path.join(root, "tsconfig.node.json"), "utf8");
    expect(modules.filter((file) => !nodeConfig.includes(`"${file}"`))).toEqual([]);
    // A module of types alone is erased from what imports it as Node strips the types: only
    // modules that run are copied into the image.
    const dockerfile = fs.readFileSync(path.join(root, "Dockerfile"), "utf8");
    expect(
      modules
        .filter((file) => !typesOnly(path.join(root, file)))
        .filter((file) => !dockerfile.includes(`COPY --from=build /app/${file} ./${file}`)),
    ).toEqual([]);
  });

  test("code outside a feature enters it only through index.ts or index.server.ts", () => {
    const throughTheWall = edges.filter(({ from, to }) => {
      const target = featureOf(to);
      return target !== undefined && featureOf(from) !== target && !isDoor(to);
    });
    expect(throughTheWall.map(show)).toEqual([]);
  });

  test("a feature's browser door never leads to server-only code", () => {
    const doors = files.filter((file) =>
      /^features\/[^/]+\/index\.ts$/.test(path.relative(appDir, file)),
    );
    const serverBehindBrowserDoor = doors.flatMap((door) =>
      appImports(door)
        .filter((to) => /\.server\.(ts|tsx|js)$/.test(to))
        .map((to) => show({ from: door, to })),
    );
    expect(serverBehindBrowserDoor).toEqual([]);
  });

  test("the feature graph drawn in docs/architecture.md is the one in the code", () => {
    const inCode = new Set(
      edges
        .filter(({ from }) => !isTest(from))
        .map(({ from, to }) => [featureOf(from), featureOf(to)] as const)
        .filter(([from, to]) => from && to && from !== to)
        .map(([from, to]) => `${from} --> ${to}`),
    );
    const doc = fs.readFileSync(path.join(root, "docs/architecture.md"), "utf8");
    const featureSection = doc.slice(doc.indexOf("## Features"));
    const diagram = /```mermaid\n([\s\S]*?)```/.exec(featureSection)?.[1] ?? "";
    const drawn = new Set(
      [...diagram.matchAll(/^\s*([\w-]+) --> ([\w-]+)\s*$/gm)].map(
        (match) => `${match[1]} --> ${match[2]}`,
      ),
    );
    expect([...drawn].sort()).toEqual([...inCode].sort());
  });

  test("each table has one owner in docs/architecture.md, and only its owner's modules import it", () => {
    const schema = fs.readFileSync(path.join(appDir, "db/schema.ts"), "utf8");
    // The schema's exports that are tables, and the names SQLite knows them by.
    const tableOf = new Map(
      [...schema.matchAll(/export const (\w+) = sqliteTable\(\s*"(\w+)"/g)].map(
        (match) => [match[1]!, match[2]!] as const,
      ),
    );
    expect(tableOf.size).toBeGreaterThan(15);
    // Both tables of the doc: a feature's (features/<name>/) and app/lib's (one module each).
    const doc = fs.readFileSync(path.join(root, "docs/architecture.md"), "utf8");
    const owners = new Map<string, string[]>();
    for (const row of doc
      .slice(doc.indexOf("## Features"))
      .matchAll(/^\| `([^`]+)` +\|([^|]*)\|/gm)) {
      const owner = row[1]!.startsWith("app/") ? row[1]! : `app/features/${row[1]!}/`;
      for (const table of row[2]!.matchAll(/`(\w+)`/g)) {
        owners.set(table[1]!, [...(owners.get(table[1]!) ?? []), owner]);
      }
    }
    const tables = [...tableOf.values()].sort();
    expect([...owners.keys()].sort()).toEqual(tables);
    expect([...owners].filter(([, of]) => of.length !== 1)).toEqual([]);

    const strays = files
      .filter((file) => !isTest(file) && !file.endsWith(path.join("db", "schema.ts")))
      .flatMap((file) => {
        const source = fs.readFileSync(file, "utf8");
        const imported = [
          ...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']~\/db\/schema["']/g),
        ].flatMap((match) =>
          match[1]!
            .split(",")
            .map((name) => name.trim())
            .filter((name) => !name.startsWith("type ")),
        );
        const relative = path.relative(root, file);
        return imported
          .filter((name) => tableOf.has(name))
          .filter((name) => !relative.startsWith(owners.get(tableOf.get(name)!)![0]!))
          .map((name) => `${relative} imports ${tableOf.get(name)}`);
      });
    expect(strays).toEqual([]);
  });

  test("routes never hold the database: they call a feature's door, which holds it", () => {
    const holdsDatabase =
      /\bimport\s*(?:type\s*)?\{[^}]*\b(db|Queryable|AppDatabase)\b[^}]*\}\s*from/;
    const routes = files.filter(
      (file) => path.relative(appDir, file).startsWith("routes/") && !isTest(file),
    );
    expect(routes.length).toBeGreaterThan(40);
    const holding = routes.filter((file) => holdsDatabase.test(fs.readFileSync(file, "utf8")));
    expect(holding.map((file) => path.relative(root, file))).toEqual([]);
  });

  test("a route module stays thin: at most 250 lines, its sections in components", () => {
    const routesDir = path.join(appDir, "routes");
    const long = fs
      .readdirSync(routesDir)
      .filter((name) => /\.tsx?$/.test(name))
      .map((name) => ({
        name,
        lines: fs.readFileSync(path.join(routesDir, name), "utf8").split("\n").length - 1,
      }))
      .filter(({ lines }) => lines > 250);
    expect(long).toEqual([]);
  });

  test("routes catch only storage failures, at most three times, and throw anything else", () => {
    const routes = files.filter(
      (file) => path.relative(appDir, file).startsWith("routes/") && !isTest(file),
    );
    const catches = routes.flatMap((file) => {
      const source = fs.readFileSync(file, "utf8");
      return [...source.matchAll(/\bcatch\s*(\([^)]*\))?\s*\{\n?([^\n]*)/g)].map((found) => ({
        file: path.relative(root, file),
        firstLine: found[2]?.trim() ?? "",
      }));
    });
    expect(catches.length).toBeLessThanOrEqual(3);
    const unnarrowed = catches.filter(
      ({ firstLine }) =>
        !/^if \(!logIfStorageFailure\(error, (args\.)?request\)\) throw error;$/.test(firstLine),
    );
    expect(unnarrowed).toEqual([]);
  });

  test("never-stored answers say so through app/lib/headers.ts, in one spelling each", () => {
    const spelledOut = files
      .filter((file) => !isTest(file) && !file.endsWith(path.join("lib", "headers.ts")))
      .filter((file) => /["'][^"'\n]*\bno-store\b[^"'\n]*["']/.test(fs.readFileSync(file, "utf8")));
    expect(spelledOut.map((file) => path.relative(root, file))).toEqual([]);
  });

  test("one Queryable type for the database or a transaction", () => {
    const declarations = files.filter((file) =>
      /\btype Queryable\s*=/.test(fs.readFileSync(file, "utf8")),
    );
    expect(declarations.map((file) => path.relative(root, file))).toEqual([
      "app/lib/db-client.server.ts",
    ]);
  });
});
