// grundy serve: the boards. Each draws the analysis of the API into #board; a clickable
// element of a move carries data-index (its place in analysis.moves), and, with the hint on,
// the class "winning" when the move wins.
"use strict";

const Boards = (() => {
  const { el, svg, randint, Game } = Grundy;
  const $ = (id) => document.getElementById(id);

  /** The request body of the position typed in the text box. */
  const typedPosition = () => ({ position: $("text").value.trim() });

  /** Starts the board of API game `name`: `draw(analysis, game, hint)` draws it into #board
   *  (see Grundy.Game), the "New" button plays `fresh()` (a request body for a new game), the
   *  "Play it" button `typed()` (by default the text box's position); a first game starts
   *  at `fresh()`. */
  function board(name, draw, fresh, typed = typedPosition) {
    const game = new Game({ game: name, draw });
    $("new").addEventListener("click", () => game.start(fresh()));
    $("load").addEventListener("click", () => game.start(typed()));
    return game.start(fresh());
  }

  /** The index of the move whose data satisfies `test`, or -1. */
  function findMove(analysis, test) {
    return analysis.moves.findIndex((m) => test(m.move));
  }

  // ---------------------------------------------------------------- Transverse Wave
  function randomGrid(rows, cols, density) {
    const lines = [];
    for (let r = 0; r < rows; r++) {
      let line = "";
      for (let c = 0; c < cols; c++) line += Math.random() * 100 < density ? "p" : "g";
      lines.push(line);
    }
    return lines.join("/");
  }

  /** A small 0/1 table of a Crosswise view, winning columns marked when hinting. */
  function bitsTable(text, winning) {
    const rows = text === "" ? [] : text.split("/");
    return el("table", { class: "bits" }, rows.map((row) =>
      el("tr", {}, [...row].map((bit, c) =>
        el("td", { class: (bit === "1" ? "one" : "") + (winning.has(c) ? " win-col" : "") }, bit)))));
  }

  function wave() {
    let viewsFor = null;
    const draw = (a, g, hint) => {
      const rows = a.board.rows;
      const cols = a.board.cols;
      const byColumn = new Map(a.moves.map((m, i) => [m.move, i]));
      const winning = new Set(a.moves.filter((m) => m.winning).map((m) => m.move));
      const head = el("tr", {}, [...Array(cols).keys()].map((c) => el("th", {
        class: "col" + (byColumn.has(c) ? " playable" : "") + (hint && winning.has(c) ? " winning" : ""),
        "data-index": byColumn.has(c) ? byColumn.get(c) : null,
        "data-column": c,
        title: byColumn.has(c) ? "play column " + (c + 1) : "no green cell",
        onclick: () => byColumn.has(c) && g.play(byColumn.get(c)),
      }, c + 1)));
      const body = rows.map((row) => el("tr", {}, [...row].map((cell, c) => el("td", {
        class: cell + (byColumn.has(c) ? " playable" : "") + (hint && winning.has(c) ? " win-col" : ""),
        "data-column": c,
        onclick: () => byColumn.has(c) && g.play(byColumn.get(c)),
      }))));
      $("board").replaceChildren(el("table", { class: "grid" }, head, body));
      // The Crosswise AND and OR views of the same board, with their values when hinting.
      const views = $("views");
      const key = a.position + "|" + hint;
      if (viewsFor === key) return;
      viewsFor = key;
      const andView = el("div", { class: "view", id: "view-and" },
        el("h3", {}, "Crosswise AND"), bitsTable(a.board.crosswise_and, hint ? winning : new Set()),
        el("div", { class: "note", id: "and-value" }, ""));
      const orView = el("div", { class: "view", id: "view-or" },
        el("h3", {}, "Crosswise OR"), bitsTable(a.board.crosswise_or, hint ? winning : new Set()),
        el("div", { class: "note", id: "or-value" }, ""));
      views.replaceChildren(andView, orView);
      if (hint) {
        for (const [name, text, id] of [
          ["crosswise-and", a.board.crosswise_and, "and-value"],
          ["crosswise-or", a.board.crosswise_or, "or-value"],
        ]) {
          Grundy.api("/api/" + name + "/analyse", { position: text })
            .then((v) => { $(id).textContent = "value " + v.value_text + ", outcome " + v.outcome; })
            .catch((e) => { $(id).textContent = e.message; });
        }
      }
    };
    return board("transverse-wave", draw,
      () => ({ position: randomGrid(+$("rows").value || 5, +$("cols").value || 8, +$("density").value) }));
  }

  // ---------------------------------------------------------------- Nim
  /** One heap of `size` tokens; clicking token j takes the tokens from j on. `moveFor(take)`
   *  gives the move index of taking `take`, `wins(take)` whether that wins. */
  function heapRow(label, size, moveFor, wins, g, hint) {
    const tokens = [];
    for (let j = 0; j < size; j++) {
      const take = size - j;
      const index = moveFor(take);
      tokens.push(el("button", {
        type: "button",
        class: "token" + (hint && wins(take) ? " winning" : ""),
        title: "take " + take,
        "data-index": index >= 0 ? index : null,
        "data-take": take,
        onclick: () => index >= 0 && g.play(index),
        onmouseenter: (e) => {
          let t = e.target;
          while (t) { t.classList.add("taking"); t = t.nextElementSibling; }
        },
        onmouseleave: (e) => {
          for (const t of e.target.parentNode.children) t.classList.remove("taking");
        },
      }));
    }
    return el("div", { class: "heap" }, el("span", { class: "label" }, label + " (" + size + ")"), tokens);
  }

  function randomHeaps() {
    const count = randint(3, 5);
    return Array.from({ length: count }, () => randint(1, 9)).join(" ");
  }

  /** The move index and whether it wins, for taking `take` from heap `h`. */
  function nimLookup(a, h) {
    const moveFor = (take) => findMove(a, (m) => m.heap === h && String(m.take) === String(take));
    const wins = (take) => { const i = moveFor(take); return i >= 0 && a.moves[i].winning; };
    return [moveFor, wins];
  }

  function nim() {
    const draw = (a, g, hint) => {
      const heaps = a.board.heaps.map((h) => Number(h));
      $("board").replaceChildren(...heaps.map((size, h) => {
        const [moveFor, wins] = nimLookup(a, h);
        return heapRow("heap " + (h + 1), Math.min(size, 60), moveFor, wins, g, hint);
      }));
    };
    return board("nim", draw, () => ({ position: randomHeaps() }));
  }

  function dqNim() {
    const draw = (a, g, hint) => {
      $("board").replaceChildren(...a.board.slots.map((heaps, k) => {
        if (heaps === null) {
          return el("div", { class: "realization collapsed" }, el("h3", {}, "realization " + (k + 1) + ": collapsed"));
        }
        return el("div", { class: "realization" }, el("h3", {}, "realization " + (k + 1)),
          heaps.map((size, h) => {
            const [moveFor, wins] = nimLookup(a, h);
            return heapRow("heap " + (h + 1), Math.min(Number(size), 60), moveFor, wins, g, hint);
          }));
      }));
    };
    const random = () => {
      const heaps = randint(2, 3);
      const slots = Array.from({ length: randint(2, 3) }, () =>
        Array.from({ length: heaps }, () => randint(0, 4)).join(" "));
      return { position: slots.join(" / ") };
    };
    return board("dq-nim", draw, random);
  }

  // ---------------------------------------------------------------- Rob's Dots
  function dots() {
    const draw = (a, g, hint) => {
      const row = a.board.dots;
      const byDot = new Map(a.moves.map((m, i) => [m.move, i]));
      const cells = [...row].map((ch, i) => {
        const index = byDot.get(i);
        const free = index !== undefined;
        const cls = ch === "x" ? "marked" : free ? "free" : "blocked";
        const win = hint && free && a.moves[index].winning;
        return el("div", {},
          el("button", {
            type: "button",
            class: "dot " + cls + (win ? " winning" : ""),
            title: "dot " + (i + 1),
            "data-index": free ? index : null,
            onclick: () => free && g.play(index),
          }),
          el("div", { class: "dot-num" }, i + 1));
      });
      $("board").replaceChildren(el("div", { class: "dots" }, cells),
        el("p", { class: "note" }, "runs of playable dots: " + (a.board.runs.join(" ") || "none")));
    };
    return board("dots", draw,
      () => ({ position: ".".repeat(Math.max(1, Math.min(60, +$("count").value || 20))) }));
  }

  // ---------------------------------------------------------------- Node-Kayles
  const PALETTE = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1",
    "#ff9da7", "#9c755f", "#86bcb6", "#d37295", "#a0cbe8"];

  function randomGraph(n, percent) {
    const edges = [];
    for (let u = 0; u < n; u++) {
      for (let v = u + 1; v < n; v++) if (Math.random() * 100 < percent) edges.push(u + "-" + v);
    }
    return n + ": " + edges.join(" ");
  }

  function nodeKayles() {
    const draw = (a, g, hint) => {
      const n = a.board.order;
      const size = 460;
      const radius = n > 1 ? size / 2 - 30 : 0;
      const at = (v) => [size / 2 + radius * Math.cos(2 * Math.PI * v / n - Math.PI / 2),
        size / 2 + radius * Math.sin(2 * Math.PI * v / n - Math.PI / 2)];
      const available = new Set(a.board.available);
      const played = new Set(a.board.played);
      const component = new Map();
      a.board.components.forEach((c, k) => c.vertices.forEach((v) => component.set(v, k)));
      const byVertex = new Map(a.moves.map((m, i) => [m.move, i]));
      const picture = svg("svg", { class: "graph", width: size, height: size, viewBox: "0 0 " + size + " " + size });
      for (const [u, v] of a.board.edges) {
        const [x1, y1] = at(u);
        const [x2, y2] = at(v);
        const live = available.has(u) && available.has(v);
        picture.append(svg("line", { x1, y1, x2, y2, class: live ? "live" : "" }));
      }
      const r = n > 30 ? 9 : 14;
      for (let v = 0; v < n; v++) {
        const [cx, cy] = at(v);
        const index = byVertex.get(v);
        let cls = "vertex";
        let fill = "#fff";
        if (played.has(v)) cls += " played";
        else if (!available.has(v)) cls += " gone";
        else {
          cls += " available";
          fill = PALETTE[component.get(v) % PALETTE.length];
        }
        if (hint && index !== undefined && a.moves[index].winning) cls += " winning";
        const circle = svg("circle", { cx, cy, r, class: cls, fill, "data-vertex": v,
          onclick: () => index !== undefined && g.play(index) });
        if (index !== undefined) circle.setAttribute("data-index", index);
        picture.append(circle);
        const label = svg("text", { x: cx, y: cy, fill: played.has(v) ? "#fff" : "#111" });
        label.textContent = v;
        picture.append(label);
      }
      $("board").replaceChildren(picture);
      $("components").replaceChildren(...(a.board.components.length === 0
        ? [el("li", {}, "none: no vertex is left")]
        : a.board.components.map((c, k) => el("li", {},
          el("span", { class: "swatch", style: "background:" + PALETTE[k % PALETTE.length] }),
          "{" + c.vertices.join(", ") + "}" + (hint ? ": value " + c.value_text : "")))));
    };
    return board("node-kayles", draw,
      () => ({ position: randomGraph(Math.max(1, Math.min(40, +$("order").value || 12)), +$("density").value), played: "" }),
      () => ({ position: $("text").value.trim(), format: $("format").value, played: "" }));
  }

  // ---------------------------------------------------------------- Cram
  function cram() {
    let selected = null;
    const draw = (a, g, hint) => {
      const winningCells = new Set();
      if (hint) {
        for (const m of a.moves) if (m.winning && m.move) m.move.forEach(([r, c]) => winningCells.add(r + "," + c));
      }
      const moveOf = (p, q) => findMove(a, (m) => m && ((m[0][0] === p[0] && m[0][1] === p[1] && m[1][0] === q[0] && m[1][1] === q[1]) ||
        (m[0][0] === q[0] && m[0][1] === q[1] && m[1][0] === p[0] && m[1][1] === p[1])));
      const click = (r, c) => {
        if (selected && selected[0] === r && selected[1] === c) { selected = null; g.render(); return; }
        if (selected) {
          const index = moveOf(selected, [r, c]);
          selected = null;
          if (index >= 0) { g.play(index); return; }
        }
        selected = [r, c];
        g.render();
      };
      const table = el("table", { class: "cram" }, a.board.cells.map((row, r) => el("tr", {},
        [...row].map((ch, c) => el("td", {
          class: (ch === "." ? "empty" : "filled") +
            (selected && selected[0] === r && selected[1] === c ? " selected" : "") +
            (winningCells.has(r + "," + c) ? " winning" : ""),
          "data-cell": r + "," + c,
          onclick: () => ch === "." && click(r, c),
        })))));
      const wrap = el("div", { class: "cram-wrap" }, table);
      $("board").replaceChildren(wrap);
      if (!hint) return;
      // The winning dominoes, drawn as gold bars over their two cells.
      const box = wrap.getBoundingClientRect();
      const overlay = svg("svg", { class: "dominoes", width: box.width, height: box.height });
      const centre = (r, c) => {
        const cell = table.querySelector("td[data-cell='" + r + "," + c + "']").getBoundingClientRect();
        return [cell.left - box.left + cell.width / 2, cell.top - box.top + cell.height / 2];
      };
      for (const m of a.moves) {
        if (!m.winning || !m.move) continue;
        const [[r1, c1], [r2, c2]] = m.move;
        const [x1, y1] = centre(r1, c1);
        const [x2, y2] = centre(r2, c2);
        overlay.append(svg("line", { x1, y1, x2, y2 }));
      }
      wrap.append(overlay);
    };
    return board("cram", draw,
      () => {
        selected = null;
        const rows = Math.max(1, Math.min(8, +$("rows").value || 4));
        const cols = Math.max(1, Math.min(8, +$("cols").value || 5));
        return { position: rows + "x" + cols };
      },
      () => { selected = null; return typedPosition(); });
  }

  return { wave, nim, dqNim, dots, nodeKayles, cram };
})();
