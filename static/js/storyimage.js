// The shareable picture of a game's story: drawn in the browser on a canvas (1080×1350, the
// size social apps show whole), shared through the Web Share API where it takes files, else
// downloaded. It draws only what the end screen shows (story.js).
import { t } from "./i18n.js";

export const STORY_SIZE = { width: 1080, height: 1350 };
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif';

const MARGIN = 80;

/** Lines of `text` no wider than `width`: cut at spaces only (a no-break space keeps « and »
 *  with their word), and a word wider than the line (a long name) cut between characters. */
function wrap(ctx, text, width) {
  const lines = [];
  let line = "";
  for (const word of text.split(/[ \t\n]+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (ctx.measureText(next).width <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    for (const char of word) {
      if (line && ctx.measureText(line + char).width > width) {
        lines.push(line);
        line = "";
      }
      line += char;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Everything the picture holds at a type scale `s`: the texts and faces with their places,
 *  and how far down they reach. Sections: header, outcome, story, players, awards. */
function build(ctx, story, s) {
  const width = STORY_SIZE.width - 2 * MARGIN;
  const sections = [];
  const text = (font, color, lines, size, gap) => ({ font, color, lines, size, gap });
  const block = (font, color, size, content, gap = 0) => {
    ctx.font = font;
    return text(font, color, wrap(ctx, content, width), size, gap);
  };
  sections.push([block(`800 ${44 * s}px ${FONT}`, "#ffd166", 56 * s, `🕵️ Undercover · ${story.code}`)]);
  sections.push([block(`900 ${68 * s}px ${FONT}`, "#f5f2ff", 80 * s, story.outcome)]);
  sections.push(story.lines.map((line) => block(`500 ${38 * s}px ${FONT}`, "#e9e4ff", 50 * s, line, 14 * s)));
  // The players in columns (three past ten players), each face on its colour, the name on
  // its own line(s) and the role and word under it: never cut.
  const columns = story.players.length > 10 ? 3 : 2;
  const gutter = 24;
  const column = (width - (columns - 1) * gutter) / columns;
  const face = 22 * s;
  const nameFont = `700 ${30 * s}px ${FONT}`;
  const roleFont = `500 ${25 * s}px ${FONT}`;
  const cards = story.players.map((player) => {
    ctx.font = nameFont;
    const name = wrap(ctx, player.name, column - 2 * face - 12);
    ctx.font = roleFont;
    const role = wrap(ctx, `${player.role}${player.secret ? ` · ${player.secret}` : ""}`, column - 2 * face - 12);
    return { player, name, role, height: name.length * 36 * s + role.length * 31 * s + 18 * s };
  });
  sections.push([{ cards, columns, column, gutter, face, nameFont, roleFont, s }]);
  sections.push(story.awards.map((award) =>
    block(`700 ${34 * s}px ${FONT}`, "#ffd166", 46 * s, `${award.icon} ${t("common.label_value", { label: award.title, value: award.names.join(", ") })}`, 6 * s)));
  const heightOf = (part) => {
    if (part.cards) {
      let total = 0;
      for (let i = 0; i < part.cards.length; i += part.columns) {
        total += Math.max(...part.cards.slice(i, i + part.columns).map((c) => c.height));
      }
      return total;
    }
    return part.lines.length * part.size + part.gap;
  };
  const heights = sections.map((parts) => parts.reduce((sum, part) => sum + heightOf(part), 0));
  return { sections, heights, total: heights.reduce((a, b) => a + b, 0) };
}

/**
 * The picture's plan: the largest type that fits 1080×1350 (up to 1.3× for a short game),
 * the room left spread between the sections so that no quarter of the picture stays empty.
 * Returns the drawing operations: {text, font, color, x, y, width} and {face, color, x, y, r}.
 */
export function planStory(ctx, story) {
  const room = STORY_SIZE.height - 2 * MARGIN;
  const gaps = 4; // between the five sections
  let plan = null;
  for (let s = 1.3; s >= 0.35; s -= 0.05) {
    plan = build(ctx, story, s);
    if (plan.total + gaps * 24 * s <= room) break;
  }
  const spare = Math.max(0, room - plan.total);
  const gap = spare / (gaps + 1);
  const ops = [];
  let y = MARGIN + gap / 2;
  plan.sections.forEach((parts, index) => {
    for (const part of parts) {
      if (part.cards) {
        const { cards, columns, column, gutter, face, nameFont, roleFont, s } = part;
        for (let i = 0; i < cards.length; i += columns) {
          const row = cards.slice(i, i + columns);
          row.forEach((card, j) => {
            const x = MARGIN + j * (column + gutter);
            ops.push({ face: card.player.avatar || "?", color: card.player.color || "#6c63b5", x: x + face, y: y + 19 * s, r: face, font: `${26 * s}px ${FONT}` });
            let line = y + 30 * s;
            for (const name of card.name) {
              ops.push({ text: name, font: nameFont, color: "#f5f2ff", x: x + 2 * face + 12, y: line, width: column - 2 * face - 12, player: card.player.name });
              line += 36 * s;
            }
            for (const role of card.role) {
              ops.push({ text: role, font: roleFont, color: "#c9c2ea", x: x + 2 * face + 12, y: line - 4 * s, width: column - 2 * face - 12 });
              line += 31 * s;
            }
          });
          y += Math.max(...row.map((c) => c.height));
        }
        continue;
      }
      for (const line of part.lines) {
        y += part.size;
        ops.push({ text: line, font: part.font, color: part.color, x: MARGIN, y: y - part.size * 0.22, width: STORY_SIZE.width - 2 * MARGIN });
      }
      y += part.gap;
    }
    if (index < plan.sections.length - 1) y += gap;
  });
  return ops;
}

/** Draw the story; resolves to a PNG Blob. `story`: {outcome, lines, players, awards, code}. */
export function drawStory(story) {
  const canvas = document.createElement("canvas");
  canvas.width = STORY_SIZE.width;
  canvas.height = STORY_SIZE.height;
  const ctx = canvas.getContext("2d");
  const gradient = ctx.createLinearGradient(0, 0, 0, canvas.height);
  gradient.addColorStop(0, "#2f2952");
  gradient.addColorStop(1, "#17142b");
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.textBaseline = "alphabetic";
  for (const op of planStory(ctx, story)) {
    if (op.face) {
      ctx.fillStyle = op.color;
      ctx.beginPath();
      ctx.arc(op.x, op.y, op.r, 0, 2 * Math.PI);
      ctx.fill();
      ctx.font = op.font;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillStyle = "#ffffff";
      ctx.fillText(op.face, op.x, op.y);
      ctx.textAlign = "left";
      ctx.textBaseline = "alphabetic";
    } else {
      ctx.font = op.font;
      ctx.fillStyle = op.color;
      ctx.fillText(op.text, op.x, op.y);
    }
  }
  return new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
}

/** Share the picture where the device can, else download it. Returns "shared" | "downloaded". */
export async function shareStory(blob, name) {
  const file = new File([blob], name, { type: "image/png" });
  if (navigator.canShare && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: t("story.share_title") });
      return "shared";
    } catch {
      /* cancelled: fall back to a download */
    }
  }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  return "downloaded";
}
