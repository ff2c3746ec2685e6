// Draws a share card as a PNG: the brand, a kicker and a headline on the site's navy, in its own
// typefaces. satori lays the element tree out as SVG (text as paths), resvg paints it. A card's
// address holds the build's time, so a new drawing reaches networks with the next deploy.
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import type { Font } from "satori";
import type { ShareCardText } from "./page-cards";
import { SHARE_CARD_SIZE } from "./share-card-files.server";

// The colours of app/tailwind.css.
const NAVY_DEEP = "#0a1628";
const NAVY = "#10243e";
const BRAND = "#0f766e";
const BRAND_LIGHT = "#14b8a6";
const ACCENT = "#f2b134";

// satori reads TTF, OTF and WOFF, not WOFF2; the static @fontsource packages ship WOFF. Latin
// Extended goes under a name of its own, since satori keeps one font per name and weight and
// falls back by name: a title such as "Łódź" still has its letters.
const FONT_FILES = [
  { name: "Fraunces", weight: 600, file: "fraunces/files/fraunces-latin-600-normal.woff" },
  { name: "Fraunces Ext", weight: 600, file: "fraunces/files/fraunces-latin-ext-600-normal.woff" },
  { name: "Inter", weight: 400, file: "inter/files/inter-latin-400-normal.woff" },
  { name: "Inter Ext", weight: 400, file: "inter/files/inter-latin-ext-400-normal.woff" },
  { name: "Inter", weight: 600, file: "inter/files/inter-latin-600-normal.woff" },
  { name: "Inter Ext", weight: 600, file: "inter/files/inter-latin-ext-600-normal.woff" },
] as const;
const DISPLAY_FONT = "Fraunces, Fraunces Ext";
const TEXT_FONT = "Inter, Inter Ext";

// Resolved from this module at run time, so the same lookup works from app/ and from the one
// bundled file in build/server/, which finds the packages in node_modules like any import.
const resolveFromHere = createRequire(import.meta.url).resolve;

let fonts: Promise<Font[]> | undefined;

function shareCardFonts(): Promise<Font[]> {
  fonts ??= Promise.all(
    FONT_FILES.map(async ({ name, weight, file }) => ({
      name,
      weight,
      style: "normal" as const,
      data: await fs.readFile(resolveFromHere(`@fontsource/${file}`)),
    })),
  ).catch((error: unknown) => {
    fonts = undefined;
    throw error;
  });
  return fonts;
}

export async function renderShareCard(card: ShareCardText, brand: string): Promise<Buffer> {
  // Loaded with the first card drawn (some 40 MB together), not at start: cards are drawn once and
  // then kept on disk, so most of the server's life never needs them.
  const [{ default: satori }, { Resvg }] = await Promise.all([
    import("satori"),
    import("@resvg/resvg-js"),
  ]);
  const svg = await satori(<ShareCard card={card} brand={brand} />, {
    ...SHARE_CARD_SIZE,
    fonts: await shareCardFonts(),
  });
  // Painted on this thread, which in production is the render pool's worker: resvg's own
  // asynchronous form would take a thread of libuv's pool from the main thread's file and zlib
  // work, and hold several MB more per card there. Text is already paths, so no fonts.
  return new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng();
}

/** Long titles step down in size, so the 200 characters the post form allows fit in five lines. */
function titleSize(title: string): number {
  if (title.length <= 45) return 80;
  if (title.length <= 90) return 64;
  if (title.length <= 140) return 52;
  return 44;
}

function ShareCard({ card, brand }: { card: ShareCardText; brand: string }) {
  return (
    <div
      style={{
        ...SHARE_CARD_SIZE,
        // satori sizes boxes without their padding unless told otherwise.
        boxSizing: "border-box",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: "64px 80px 76px",
        backgroundColor: NAVY_DEEP,
        backgroundImage: `linear-gradient(135deg, ${NAVY_DEEP} 40%, ${NAVY} 100%)`,
        color: "white",
        fontFamily: TEXT_FONT,
      }}
    >
      <Backdrop />
      <div style={{ display: "flex", alignItems: "center", gap: 18 }}>
        <LogoMark />
        <span style={{ fontFamily: DISPLAY_FONT, fontWeight: 600, fontSize: 34 }}>{brand}</span>
      </div>
      <div style={{ display: "flex", flexDirection: "column", gap: 26 }}>
        <span
          style={{
            color: ACCENT,
            fontSize: 24,
            fontWeight: 600,
            letterSpacing: 4,
            textTransform: "uppercase",
          }}
        >
          {card.eyebrow}
        </span>
        <div
          style={{
            fontFamily: DISPLAY_FONT,
            fontWeight: 600,
            fontSize: titleSize(card.title),
            lineHeight: 1.12,
            letterSpacing: -0.5,
            textWrap: "balance",
            // Room for five lines at each size: a title longer than the form allows is cut rather
            // than pushed into the brand. (satori's lineClamp undoes the balancing.)
            maxHeight: 300,
            overflow: "hidden",
          }}
        >
          {card.title}
        </div>
      </div>
      <div
        style={{
          position: "absolute",
          left: 0,
          bottom: 0,
          width: SHARE_CARD_SIZE.width,
          height: 12,
          backgroundImage: `linear-gradient(90deg, ${BRAND} 0%, ${BRAND_LIGHT} 60%, ${ACCENT} 100%)`,
        }}
      />
    </div>
  );
}

/** The home page hero's flowing lines, faint, behind the words. */
function Backdrop() {
  const { width, height } = SHARE_CARD_SIZE;
  return (
    <div style={{ display: "flex", position: "absolute", left: 0, top: 0, opacity: 0.22 }}>
      <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
        <defs>
          <linearGradient id="line" x1="0" x2="1">
            <stop offset="0" stopColor={BRAND} stopOpacity="0" />
            <stop offset="1" stopColor={BRAND_LIGHT} />
          </linearGradient>
        </defs>
        {[120, 200, 280, 360, 440, 520].map((y, index) => (
          <path
            key={y}
            d={`M0 ${y + 60} C 300 ${y - 40}, 600 ${y + 120}, ${width} ${y - index * 24}`}
            fill="none"
            stroke="url(#line)"
            strokeWidth="2.5"
          />
        ))}
      </svg>
    </div>
  );
}

/** The header's logo mark. */
function LogoMark() {
  return (
    <svg width="56" height="56" viewBox="0 0 32 32">
      <rect width="32" height="32" rx="7" fill={BRAND} />
      <path d="M8 22 L14 10 L18 18 L21 13 L25 22 Z" fill={ACCENT} />
    </svg>
  );
}
