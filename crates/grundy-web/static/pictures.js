// grundy serve: the pictures page. The Grundy sequence plot and the lattice-game box are SVG
// built here from the API's JSON.
"use strict";

(() => {
  const { api, el, svg } = Grundy;
  const $ = (id) => document.getElementById(id);

  /** Round ticks from 0 to `max`, about ten of them. */
  function ticks(max) {
    let step = 1;
    for (;;) {
      const found = [1, 2, 5].map((m) => step * m).find((s) => max / s <= 10);
      if (found) { step = found; break; }
      step *= 10;
    }
    const out = [];
    for (let t = 0; t <= max; t += step) out.push(t);
    return out;
  }

  function text(x, y, content, attrs) {
    const node = svg("text", Object.assign({ x, y }, attrs || {}));
    node.textContent = content;
    return node;
  }

  async function drawSequence() {
    $("error").textContent = "";
    const code = $("code").value.trim();
    const upto = Math.max(1, +$("upto").value || 300);
    let data;
    try {
      data = await api("/api/octal/sequence", { code, upto });
    } catch (e) {
      $("error").textContent = e.message;
      return;
    }
    const values = data.values;
    const n = values.length - 1;
    const top = Math.max(1, ...values);
    const [W, H, L, R, T, B] = [1000, 440, 56, 20, 30, 48];
    const x = (i) => L + (n === 0 ? 0 : (i / n) * (W - L - R));
    const y = (v) => H - B - (v / top) * (H - T - B);
    const plot = svg("svg", { class: "plot", id: "sequence-plot", width: W, height: H, viewBox: "0 0 " + W + " " + H });
    plot.append(svg("rect", { x: 0, y: 0, width: W, height: H, fill: "#fff" }));
    // Period boundaries: every period-th heap from the pre-period on.
    if (data.period) {
      const { preperiod, period } = data.period;
      const every = Math.max(1, Math.ceil((n - preperiod) / period / 40));
      for (let b = preperiod, k = 0; b <= n; b += period, k++) {
        if (k % every === 0) {
          plot.append(svg("line", { x1: x(b), y1: T, x2: x(b), y2: H - B, stroke: "#f0b4b4", "stroke-dasharray": "4 3" }));
        }
      }
    }
    plot.append(svg("line", { x1: L, y1: H - B, x2: W - R, y2: H - B, stroke: "#333" }));
    plot.append(svg("line", { x1: L, y1: T, x2: L, y2: H - B, stroke: "#333" }));
    for (const t of ticks(n)) {
      plot.append(svg("line", { x1: x(t), y1: H - B, x2: x(t), y2: H - B + 5, stroke: "#333" }));
      plot.append(text(x(t), H - B + 18, t, { "text-anchor": "middle" }));
    }
    for (const t of ticks(top)) {
      plot.append(svg("line", { x1: L - 5, y1: y(t), x2: L, y2: y(t), stroke: "#333" }));
      plot.append(text(L - 8, y(t) + 4, t, { "text-anchor": "end" }));
    }
    plot.append(text((L + W - R) / 2, H - 10, "heap n", { "text-anchor": "middle" }));
    plot.append(text(14, (T + H - B) / 2, "G(n)", { "text-anchor": "middle", transform: "rotate(-90 14 " + (T + H - B) / 2 + ")" }));
    plot.append(text(L, 18, "Grundy values of " + data.code + ", heaps 0 to " + n));
    // One point per pixel column and value: long sequences stay light.
    const seen = new Set();
    const radius = n > 2000 ? 1.5 : n > 400 ? 2 : 3;
    values.forEach((v, i) => {
      const px = Math.round(x(i));
      const key = px + "," + v;
      if (seen.has(key)) return;
      seen.add(key);
      plot.append(svg("circle", { cx: x(i), cy: y(v), r: radius, fill: "#1f4e99" }));
    });
    $("sequence").replaceChildren(plot);
    $("sequence-info").textContent = data.period
      ? "period " + data.period.period + " from heap " + data.period.preperiod + " (proved)"
      : "no period proved within these values";
  }

  async function drawLattice() {
    $("error").textContent = "";
    const body = { rules: $("rules").value.trim(), box: $("box").value.trim(), misere: $("misere").checked };
    let data;
    try {
      data = await api("/api/lattice-game/p-positions", body);
    } catch (e) {
      $("error").textContent = e.message;
      return;
    }
    const upper = data.box;
    $("lattice-info").textContent = data.p_positions.length + " P-positions in the box; rule set " + data.rules;
    if (upper.length !== 2) {
      $("lattice-game").replaceChildren(el("pre", {}, data.p_positions.slice(0, 2000).map((p) => p.join(",")).join("\n")));
      return;
    }
    const [u0, u1] = upper;
    const cell = Math.max(2, Math.min(24, Math.floor(600 / (Math.max(u0, u1) + 1))));
    const margin = 40;
    const width = (u0 + 1) * cell;
    const height = (u1 + 1) * cell;
    const picture = svg("svg", { class: "plot", id: "lattice-plot", width: width + 2 * margin, height: height + 2 * margin });
    picture.append(svg("rect", { x: margin, y: margin, width, height, fill: "#fff", stroke: "#999" }));
    for (const [px, py] of data.p_positions) {
      picture.append(svg("rect", { x: margin + px * cell, y: margin + (u1 - py) * cell, width: cell, height: cell, fill: "#1f4e99" }));
    }
    for (const [px, py] of data.defeated) {
      if (px <= u0 && py <= u1) {
        picture.append(svg("path", { d: "M" + (margin + px * cell) + " " + (margin + (u1 - py) * cell) + "l" + cell + " " + cell, stroke: "#c33" }));
      }
    }
    picture.append(text(margin + width / 2, height + margin + 25, "first coordinate (0 to " + u0 + ")", { "text-anchor": "middle" }));
    picture.append(text(15, margin + height / 2, "second coordinate (0 to " + u1 + ")",
      { "text-anchor": "middle", transform: "rotate(-90 15 " + (margin + height / 2) + ")" }));
    $("lattice-game").replaceChildren(picture);
  }

  $("draw-sequence").addEventListener("click", drawSequence);
  $("draw-lattice").addEventListener("click", drawLattice);
  drawSequence();
  drawLattice();
})();
