// Gives the newest published post of a running server a cover image through the admin's own form,
// as an editor would: the audits then see an article and an Insights card with a cover.
import crypto from "node:crypto";
import Database from "better-sqlite3";
import sharp from "sharp";
import { hashPassword } from "../../app/features/accounts/passwords.server.ts";

type PostRow = {
  id: string;
  slug: string | null;
  title: string;
  author: string;
  excerpt: string;
  content: string;
  preview_link: string | null;
  read_time: string;
  tags: string;
  featured: number;
  published_date: number;
};

type Size = { width: number; height: number };

/** A photo-sized image in the brand's colours: a gradient with a few shapes, drawn at `size`. */
function coverImage({ width, height }: Size) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 2000 1250">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0b1b33"/><stop offset="1" stop-color="#13a89e"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <circle cx="1450" cy="420" r="280" fill="#f2b53a" opacity="0.85"/>
    <rect x="220" y="760" width="1100" height="180" fill="#ffffff" opacity="0.25"/>
    <rect x="220" y="980" width="700" height="90" fill="#ffffff" opacity="0.15"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

async function addAdmin(databasePath: string) {
  const email = `audit-${crypto.randomBytes(4).toString("hex")}@example.org`;
  const password = crypto.randomBytes(24).toString("base64url");
  const database = new Database(databasePath, { fileMustExist: true });
  try {
    database.pragma("busy_timeout = 5000");
    database
      .prepare(
        "insert into users (email, password_hash, confirmed_at, approved_at) values (?, ?, ?, ?)",
      )
      .run(email, await hashPassword(password), Date.now(), Date.now());
  } finally {
    database.close();
  }
  return { email, password };
}

function newestPublishedRow(databasePath: string): PostRow {
  const database = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const row = database
      .prepare<[], PostRow>(
        "select * from blog_posts where published = 1 order by published_date desc limit 1",
      )
      .get();
    if (!row) throw new Error("There is no published post to give a cover.");
    return row;
  } finally {
    database.close();
  }
}

/** Signs in and saves the newest post again with a cover; resolves to its address. */
export async function giveNewestPostACover(
  serverUrl: string,
  databasePath: string,
  size: Size = { width: 2000, height: 1250 },
) {
  const { email, password } = await addAdmin(databasePath);
  const headers = { Origin: serverUrl };
  const signIn = await fetch(`${serverUrl}/admin/auth`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ mode: "signin", email, password }),
    redirect: "manual",
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  if (!cookie.includes("admin_session=")) {
    throw new Error(`Signing in to give a post a cover answered ${signIn.status}.`);
  }

  const post = newestPublishedRow(databasePath);
  const form = new FormData();
  const fields: Record<string, string> = {
    intent: "save",
    id: post.id,
    slug: post.slug ?? "",
    title: post.title,
    author: post.author,
    excerpt: post.excerpt,
    content: post.content,
    previewLink: post.preview_link ?? "",
    readTime: post.read_time,
    tags: (JSON.parse(post.tags) as string[]).join(", "),
    publishedDate: new Date(post.published_date).toISOString().slice(0, 19),
    published: "on",
    coverAlt: "An abstract harbour at dusk in the firm's colours",
  };
  if (post.featured) fields.featured = "on";
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set(
    "cover",
    new Blob([new Uint8Array(await coverImage(size))], { type: "image/jpeg" }),
    "cover.jpg",
  );
  const saved = await fetch(`${serverUrl}/admin/blog`, {
    method: "POST",
    headers: { ...headers, Cookie: cookie },
    body: form,
    redirect: "manual",
  });
  if (saved.status !== 303) {
    throw new Error(`Saving the post with a cover answered ${saved.status}: ${await saved.text()}`);
  }
  const { slug } = newestPublishedRow(databasePath);
  return `/insights/${slug ?? post.id}`;
}
