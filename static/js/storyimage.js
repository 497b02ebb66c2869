// The shareable picture of a game's story: drawn in the browser on a canvas (1080×1350, the
// size social apps show whole), shared through the Web Share API where it takes files, else
// downloaded. It draws only what the end screen shows (story.js).
import { t } from "./i18n.js";

export const STORY_SIZE = { width: 1080, height: 1350 };
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif';

function wrap(ctx, text, width) {
  const words = text.split(/\s+/);
  const lines = [];
  let line = "";
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (ctx.measureText(next).width > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Draw the story; resolves to a PNG Blob. `story`: {title, outcome, lines, players, awards, code}. */
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
  const margin = 80;
  const width = canvas.width - 2 * margin;
  let y = 120;
  ctx.textBaseline = "alphabetic";
  ctx.fillStyle = "#ffd166";
  ctx.font = `800 44px ${FONT}`;
  ctx.fillText(`🕵️ Undercover · ${story.code}`, margin, y);
  y += 100;
  ctx.fillStyle = "#f5f2ff";
  ctx.font = `900 68px ${FONT}`;
  for (const line of wrap(ctx, story.outcome, width)) {
    ctx.fillText(line, margin, y);
    y += 80;
  }
  y += 20;
  ctx.font = `500 38px ${FONT}`;
  ctx.fillStyle = "#e9e4ff";
  for (const text of story.lines) {
    for (const line of wrap(ctx, text, width)) {
      ctx.fillText(line, margin, y);
      y += 50;
    }
    y += 14;
  }
  y += 20;
  // The players in two columns, each face on its colour.
  ctx.font = `600 30px ${FONT}`;
  const column = width / 2;
  story.players.forEach((player, i) => {
    const x = margin + (i % 2) * column;
    const row = y + Math.floor(i / 2) * 58;
    ctx.fillStyle = player.color || "#6c63b5";
    ctx.beginPath();
    ctx.arc(x + 22, row - 10, 22, 0, 2 * Math.PI);
    ctx.fill();
    ctx.fillStyle = "#ffffff";
    ctx.fillText(player.avatar || "?", x + 6, row);
    ctx.fillStyle = "#f5f2ff";
    const label = wrap(ctx, `${player.name} · ${player.role}${player.secret ? ` · ${player.secret}` : ""}`, column - 70)[0];
    ctx.fillText(label, x + 56, row);
  });
  y += Math.ceil(story.players.length / 2) * 58 + 30;
  ctx.font = `700 34px ${FONT}`;
  ctx.fillStyle = "#ffd166";
  for (const award of story.awards) {
    for (const line of wrap(ctx, `${award.icon} ${award.title} : ${award.names.join(", ")}`, width)) {
      if (y > canvas.height - 40) break;
      ctx.fillText(line, margin, y);
      y += 46;
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
