"""The shareable picture (storyimage.js) lays out a full room: twenty players with the longest
names allowed (20 characters, with and without spaces), in French and in English. Every name
and role is drawn whole inside the 1080×1350 picture, no line starts with a closing quote or
ends with an opening one, and the content reaches the picture's bottom quarter."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.harness import LocalServer
from tests.web.table import RESULTS

pytestmark = [pytest.mark.browser]

WIDTH, HEIGHT, MARGIN = 1080, 1350, 80
LONG = [
    "Maximilien Alexandre",
    "Wolfeschlegelsteinha",
    "Anne-Charlotte Marie",
    "Bartholomew Jonathan",
]
STORIES = {
    "fr": {
        # French spacing as the catalogue writes it: no-break spaces before : and inside « »,
        # a narrow one before !.
        "outcome": "Victoire des Civils\u202f!",
        "lines": [
            "Les mots\u00a0: «\u00a0Poudlard\u00a0» (civils) et "
            "«\u00a0Beauxbâtons\u00a0» (undercover).",
            "L'imposteur\u00a0: Wolfeschlegelsteinha07, démasqué·e au deuxième vote.",
            "Vote décisif\u00a0: Maximilien Alexandre03, 5 voix contre 2.",
            "Mr. White a proposé «\u00a0château\u00a0»\u00a0: pas le bon mot.",
        ],
        "roles": ["Civil", "Undercover", "Mr. White"],
        "award": ("🎭", "Meilleur bluff", "\u00a0: "),
    },
    "en": {
        "outcome": "The Civilians win!",
        "lines": [
            "The words: “Hogwarts” (civilians) and “Beauxbatons” (undercover).",
            "The impostor: Wolfeschlegelsteinha07, found out at the second vote.",
            "Deciding vote: Maximilien Alexandre03, 5 votes to 2.",
            "Mr. White guessed “castle”: not the word.",
        ],
        "roles": ["Civilian", "Undercover", "Mr. White"],
        "award": ("🎭", "Best bluff", ": "),
    },
}


def story(lang: str) -> dict[str, Any]:
    text = STORIES[lang]
    players = [
        {
            # 20 characters each: a name as long as the server allows.
            "name": f"{LONG[i % 4][:18]}{i:02d}",
            "avatar": "🦊",
            "color": "#5b4bd6",
            "role": text["roles"][0 if i % 5 else 1 if i % 10 else 2],
            "secret": None if i % 10 == 0 else "Poudlard Express du soir",
        }
        for i in range(20)
    ]
    icon, title, _ = text["award"]
    return {
        "code": "K7Q2M",
        "outcome": text["outcome"],
        "lines": text["lines"],
        "players": players,
        "awards": [{"icon": icon, "title": title, "names": [players[1]["name"]]}],
    }


PLAN = """async ([story, lang]) => {
  await (await import('/js/i18n.js')).loadLang(lang);
  const { planStory, drawStory } = await import('/js/storyimage.js');
  const ctx = document.createElement('canvas').getContext('2d');
  const ops = planStory(ctx, story).map(op => {
    if (op.face) {
      const r = op.r;
      return { face: true, x: op.x - r, right: op.x + r, top: op.y - r, bottom: op.y + r };
    }
    ctx.font = op.font;
    const m = ctx.measureText(op.text);
    return { text: op.text, player: op.player || null, x: op.x, right: op.x + m.width,
             top: op.y - m.actualBoundingBoxAscent, bottom: op.y + m.actualBoundingBoxDescent };
  });
  const blob = await drawStory(story);
  const url = await new Promise(r => {
    const f = new FileReader(); f.onload = () => r(f.result); f.readAsDataURL(blob);
  });
  return { ops, url };
}"""


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_picture_lays_out_twenty_long_names(
    browser: Any, server: LocalServer, lang: str
) -> None:
    context = browser.new_context(base_url=server.base_url)
    page = context.new_page()
    page.goto("/")
    told = story(lang)
    result = page.evaluate(PLAN, [told, lang])
    ops = result["ops"]
    for op in ops:  # inside the picture, within its margins
        assert op["x"] >= MARGIN - 1, op
        assert op["right"] <= WIDTH - MARGIN + 1, op
        assert op["top"] >= 0, op
        assert op["bottom"] <= HEIGHT - MARGIN / 2, op
    texts = [op["text"] for op in ops if "text" in op]
    for line in texts:
        assert not line.startswith(("»", "”")), line
        assert not line.endswith(("«", "“")), line
    for player in told["players"]:  # every name whole (its lines put back together)
        drawn = "".join(op["text"] for op in ops if op.get("player") == player["name"])
        assert drawn.replace(" ", "") == player["name"].replace(" ", ""), (drawn, player["name"])
    assert sum(1 for op in ops if op.get("face")) == 20
    for line in told["lines"]:
        assert line.replace(" ", "") in "".join(texts).replace(" ", "")
    icon, title, colon = STORIES[lang]["award"]
    assert f"{icon} {title}{colon}{told['players'][1]['name']}" in texts
    assert max(op["bottom"] for op in ops) > HEIGHT * 0.75  # no empty bottom quarter
    # No two texts drawn over each other.
    boxes = sorted((op for op in ops if "text" in op), key=lambda op: op["top"])
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            if b["top"] >= a["bottom"]:
                break
            overlap = min(a["right"], b["right"]) - max(a["x"], b["x"])
            assert overlap <= 0, (a, b)
    page.goto(result["url"])
    page.screenshot(path=str(RESULTS / f"story-image-20-{lang}.png"), full_page=True)
    context.close()
