// The two ceilings scripts/bench.ts compares the site's home page with, on the same gzip bytes:
// nginx serving it as a static file, and a bare Node `http` server sending it from memory.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { measureReads, type LoadSettings } from "./bench-wrk.ts";
import { freePort, startChild, stopProcess, waitUntilAnswering } from "./production-server.ts";

/** The home page as the server sent it to a browser that accepts gzip. */
export type SavedPage = {
  html: Buffer;
  gzip: Buffer;
  /** Its headers but for those that belong to one answer (date, length, request id...). */
  headers: [name: string, value: string][];
};

// Set by Node for each answer, or tied to one request: never copied into a saved page.
const PER_ANSWER_HEADERS = new Set([
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "x-request-id",
  "set-cookie",
  "x-cache",
]);

/** Fetches `url` as a browser accepting gzip would, keeping the body as it came. */
export function savePage(url: string) {
  return new Promise<SavedPage>((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip", accept: "text/html" } }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("error", reject);
        answer.on("end", () => {
          const gzip = Buffer.concat(chunks);
          if (answer.statusCode !== 200 || answer.headers["content-encoding"] !== "gzip") {
            reject(new Error(`${url} answered ${answer.statusCode} without gzip`));
            return;
          }
          const headers: [string, string][] = [];
          for (let index = 0; index < answer.rawHeaders.length; index += 2) {
            const [name = "", value = ""] = answer.rawHeaders.slice(index, index + 2);
            if (!PER_ANSWER_HEADERS.has(name.toLowerCase())) headers.push([name, value]);
          }
          resolve({ html: zlib.gunzipSync(gzip), gzip, headers });
        });
      })
      .on("error", reject);
  });
}

/**
 * nginx with the page as index.html and its gzip copy beside it (`gzip_static`): the same bytes
 * the others send, where compressing on each request would measure zlib instead of nginx.
 */
export async function measureNginx(nginxBinary: string, page: SavedPage, settings: LoadSettings) {
  const directory = path.join(settings.scratchDirectory, "nginx");
  const webRoot = path.join(directory, "www");
  // nginx creates its temp directories but not their parent.
  fs.mkdirSync(path.join(directory, "temp"), { recursive: true });
  fs.mkdirSync(webRoot);
  fs.writeFileSync(path.join(webRoot, "index.html"), page.html);
  fs.writeFileSync(path.join(webRoot, "index.html.gz"), page.gzip);
  // When started as root, nginx's workers drop to an unprivileged user, which must be able to
  // reach www/ inside the otherwise private scratch directory.
  fs.chmodSync(settings.scratchDirectory, 0o711);
  fs.chmodSync(directory, 0o711);

  const port = await freePort();
  const configPath = path.join(directory, "nginx.conf");
  fs.writeFileSync(configPath, nginxConfig(port, directory, webRoot));
  console.error(`Starting ${nginxBinary}...`);
  const child = startChild(nginxBinary, ["-c", configPath, "-p", `${directory}/`], {
    cwd: directory,
  });
  const url = `http://127.0.0.1:${port}/`;
  try {
    await waitUntilAnswering(url, child, "nginx");
    return await measureReads(url, settings);
  } finally {
    await stopProcess(child);
  }
}

function nginxConfig(port: number, directory: string, webRoot: string) {
  const temp = (name: string) => path.join(directory, "temp", name);
  return `daemon off;
master_process on;
worker_processes auto;
pid ${path.join(directory, "nginx.pid")};
error_log stderr warn;

events {
  worker_connections 1024;
}

http {
  access_log off;
  client_body_temp_path ${temp("client_body")};
  proxy_temp_path ${temp("proxy")};
  fastcgi_temp_path ${temp("fastcgi")};
  uwsgi_temp_path ${temp("uwsgi")};
  scgi_temp_path ${temp("scgi")};
  default_type text/html;

  # The saved gzip copy for clients that accept gzip; any other file as the compression
  # middleware would send it: zlib's default level, bodies of 1 KB and more.
  gzip_static on;
  gzip on;
  gzip_comp_level 6;
  gzip_min_length 1024;
  gzip_vary on;
  # Node keeps a connection open for any number of requests; nginx would close it after 1,000.
  keepalive_requests 1000000;

  server {
    listen 127.0.0.1:${port};
    root ${webRoot};
    index index.html;
  }
}
`;
}

/**
 * A Node `http` server in this process that answers every request with the saved gzip bytes and
 * headers: what Node itself can do, without Express, React Router or the page cache's lookup.
 * The bench only waits for wrk meanwhile, so the server has this process to itself.
 */
export async function measureBareNode(page: SavedPage, settings: LoadSettings) {
  const headers = [...page.headers.flat(), "Content-Length", String(page.gzip.length)];
  const server = http.createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(page.gzip);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  try {
    return await measureReads(`http://127.0.0.1:${port}/`, settings);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
