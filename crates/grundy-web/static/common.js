// grundy serve: what every board shares. Plain JavaScript, no framework, no network beyond
// this server's own API.
"use strict";

const Grundy = (() => {
  /** POSTs `body` as JSON to `path` of this server; the JSON answer, or an Error with the
   *  server's one-line message. */
  async function api(path, body) {
    const response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    let data;
    try {
      data = await response.json();
    } catch (e) {
      throw new Error("the server answered " + response.status);
    }
    if (!response.ok) {
      throw new Error(data.error + (data.reason ? " (" + data.reason + ")" : ""));
    }
    return data;
  }

  /** An HTML element with attributes and children (strings become text). */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "class") node.className = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  /** An SVG element with attributes. */
  function svg(tag, attrs) {
    const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, String(value));
    }
    return node;
  }

  /** A random integer from `lo` to `hi` inclusive. */
  function randint(lo, hi) {
    return lo + Math.floor(Math.random() * (hi - lo + 1));
  }

  /**
   * A game against the computer (or between two people) on one board.
   *
   * options: game (API name), draw(analysis, game, hint) draws the board into #board (the
   * winning moves marked when `hint`, the hint box's state) and calls game.play(index) for a
   * move.
   */
  class Game {
    constructor(options) {
      this.options = options;
      this.game = options.game;
      this.body = null;
      this.history = [];
      this.analysis = null;
      this.ply = 0;
      this.busy = false;
      this.hint = document.getElementById("hint");
      this.mode = document.getElementById("mode");
      this.hint.addEventListener("change", () => this.render());
      this.mode.addEventListener("change", () => this.restart());
      document.getElementById("undo").addEventListener("click", () => this.undo());
      document.getElementById("restart").addEventListener("click", () => this.restart());
    }

    /** Who moves at ply `ply`: "you" or "computer" (or "player 1"/"player 2"). */
    mover(ply) {
      const mode = this.mode.value;
      if (mode === "two") return ply % 2 === 0 ? "player 1" : "player 2";
      const youFirst = mode === "you-first";
      return (ply % 2 === 0) === youFirst ? "you" : "computer";
    }

    /** Starts a new game at the position of request body `body`. */
    async start(body) {
      this.initial = body;
      this.body = body;
      this.history = [];
      this.ply = 0;
      await this.refresh();
      await this.maybeComputer();
    }

    /** Starts again from the same first position. */
    async restart() {
      if (this.initial) await this.start(this.initial);
    }

    error(message) {
      document.getElementById("error").textContent = message || "";
    }

    /** Analyses the current position and redraws. */
    async refresh() {
      this.error("");
      try {
        this.analysis = await api("/api/" + this.game + "/analyse", this.body);
      } catch (e) {
        this.analysis = null;
        this.error(e.message);
      }
      this.render();
    }

    /** The request body after move `move` (an entry of analysis.moves). */
    next(move) {
      const body = Object.assign({}, this.body, { position: move.to });
      if (move.played !== undefined) body.played = move.played;
      return body;
    }

    /** Plays move number `index` of the analysis for the player to move (a person). */
    async play(index) {
      if (this.busy || !this.analysis) return;
      if (this.mover(this.ply) === "computer") return;
      const move = this.analysis.moves[index];
      if (!move) return;
      this.busy = true;
      this.history.push({ body: this.body, ply: this.ply });
      this.body = this.next(move);
      this.ply += 1;
      this.last = (this.mover(this.ply - 1)) + ": " + move.move_text;
      await this.refresh();
      this.busy = false;
      await this.maybeComputer();
    }

    /** Lets the computer move when it is its turn and the game is not over. */
    async maybeComputer() {
      if (!this.analysis || this.analysis.moves.length === 0) return;
      if (this.mover(this.ply) !== "computer") return;
      this.busy = true;
      this.render();
      try {
        const reply = await api("/api/" + this.game + "/move", this.body);
        if (reply.move) {
          this.history.push({ body: this.body, ply: this.ply });
          this.body = this.next(reply.move);
          this.ply += 1;
          this.last = "computer: " + reply.move.move_text +
            (reply.strategy === "winning" ? " (a winning move)" : "");
        }
      } catch (e) {
        this.error(e.message);
      }
      this.busy = false;
      await this.refresh();
    }

    /** Takes back the last move of the person (and the computer's reply). */
    async undo() {
      if (this.busy || this.history.length === 0) return;
      let entry = this.history.pop();
      while (this.mover(entry.ply) === "computer" && this.history.length > 0) {
        entry = this.history.pop();
      }
      this.body = entry.body;
      this.ply = entry.ply;
      this.last = "move taken back";
      await this.refresh();
      await this.maybeComputer();
    }

    /** Redraws the status, the analysis, the board and the move list. */
    render() {
      const a = this.analysis;
      const status = document.getElementById("status");
      const info = document.getElementById("analysis");
      const list = document.getElementById("moves");
      const hint = this.hint.checked;
      document.body.classList.toggle("hinting", hint);
      document.getElementById("undo").disabled = this.history.length === 0;
      list.replaceChildren();
      if (!a) {
        status.textContent = "No position to play: fix it, take the move back, or start anew.";
        status.className = "status";
        info.textContent = "";
        document.getElementById("board").replaceChildren();
        return;
      }
      const mover = this.mover(this.ply);
      if (a.moves.length === 0 && a.moves_complete) {
        const winner = this.mover(this.ply - 1);
        status.textContent = this.ply === 0
          ? "No move is possible: the player to move loses."
          : "Game over: " + (winner === "you" ? "you win!" : winner + " wins.") +
            " (" + mover + " cannot move)";
        status.className = "status over";
      } else if (this.busy && mover === "computer") {
        status.textContent = "The computer is thinking...";
        status.className = "status";
      } else {
        status.textContent = (mover === "you" ? "Your move" : mover + " to move") +
          " (move " + (this.ply + 1) + ")";
        status.className = "status";
      }
      document.getElementById("last").textContent = this.last || "";
      info.textContent = hint
        ? "value " + a.value_text + ", outcome " + a.outcome + " (" + a.outcome_text + "); " +
          a.winning_moves.length + " winning move" + (a.winning_moves.length === 1 ? "" : "s")
        : "";
      a.moves.forEach((move, index) => {
        list.append(el("li", {
          class: "move" + (hint && move.winning ? " winning" : ""),
          "data-index": index,
          "data-to": move.to,
          "data-played": move.played,
          onclick: () => this.play(index),
        }, el("span", {}, move.move_text), el("span", { class: "val" }, hint ? "→ " + move.value_text : "")));
      });
      if (!a.moves_complete) {
        list.append(el("li", { class: "note" }, "(only the winning moves are listed: there are too many)"));
      }
      this.options.draw(a, this, hint);
    }
  }

  return { api, el, svg, randint, Game };
})();
