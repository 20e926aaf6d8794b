// What a person does in the VS Code workbench, as Playwright steps. Every wait is for a
// condition on the page (with a generous ceiling: code-server is slow on 2 cores), never a
// fixed sleep.

const CTRL = "Control";

export class Workbench {
  constructor(page, { timeoutMs }) {
    this.page = page;
    this.timeoutMs = timeoutMs;
    page.setDefaultTimeout(timeoutMs);
  }

  async waitForReady() {
    await this.page.locator(".monaco-workbench").waitFor({ timeout: this.timeoutMs });
    await this.page
      .locator(".explorer-folders-view .monaco-list-row")
      .first()
      .waitFor({ timeout: this.timeoutMs });
  }

  /** Opens a workspace file through Quick Open (Ctrl+P), as a person would. */
  async openFile(relativePath) {
    const name = relativePath.split("/").pop();
    await this.page.locator(".monaco-workbench").click({ position: { x: 400, y: 5 } });
    await this.page.keyboard.press(`${CTRL}+P`);
    const input = this.page.locator(".quick-input-widget input");
    await input.waitFor({ timeout: this.timeoutMs });
    await input.fill(relativePath);
    await this.page
      .locator(".quick-input-list .monaco-list-row", { hasText: name })
      .first()
      .waitFor({ timeout: this.timeoutMs });
    await this.page.keyboard.press("Enter");
    await this.page
      .locator(".tabs-container .tab.active", { hasText: name })
      .waitFor({ timeout: this.timeoutMs });
    await this.editor().waitFor({ timeout: this.timeoutMs });
  }

  editor() {
    return this.page.locator(".editor-group-container.active .monaco-editor").first();
  }

  /** The text of the editor's visible lines, top to bottom. */
  async editorLines() {
    return this.editor()
      .locator(".view-lines .view-line")
      .evaluateAll((lines) =>
        lines
          .map((line) => ({ top: parseFloat(line.style.top), text: line.textContent ?? "" }))
          .sort((a, b) => a.top - b.top)
          .map((line) => line.text.replace(/\u00a0/g, " ")),
      );
  }

  async waitForSquiggles(count) {
    await this.page.waitForFunction(
      (wanted) => document.querySelectorAll(".monaco-editor .squiggly-error").length >= wanted,
      count,
      { timeout: this.timeoutMs },
    );
  }

  async openProblems() {
    const panel = this.page.locator(".markers-panel");
    if (!(await panel.isVisible())) {
      await this.editor().click({ position: { x: 300, y: 10 } });
      await this.page.keyboard.press(`${CTRL}+Shift+M`);
    }
    await panel.waitFor({ timeout: this.timeoutMs });
  }

  /** The Problems panel's markers as { code, line, column, text }. */
  async problems() {
    const rows = await this.page
      .locator(".markers-panel .monaco-list-row")
      .evaluateAll((elements) => elements.map((element) => element.textContent ?? ""));
    this.lastProblemRows = rows;
    return rows.flatMap((raw) => {
      const text = raw.replace(/\s+/g, " ");
      // "…message benchlint(BL303) [Ln 9, Col 26]": the code just before the position.
      const marker = /(BL\d{3})\)?\s*\[?Ln (\d+), Col (\d+)/.exec(text);
      if (marker === null) return [];
      return [{ code: marker[1], line: Number(marker[2]), column: Number(marker[3]), text }];
    });
  }

  /** Waits until the Problems panel shows exactly the expected codes at their positions. */
  async waitForProblems(expected) {
    const want = describeMarkers(expected);
    let seen = [];
    const deadline = Date.now() + this.timeoutMs;
    while (Date.now() < deadline) {
      seen = await this.problems();
      if (describeMarkers(seen) === want) return seen;
      await this.page.waitForTimeout(250); // polling interval, not a wait for an outcome
    }
    const rows = (this.lastProblemRows ?? []).map((row) => JSON.stringify(row)).join("\n");
    throw new Error(
      `Problems panel shows\n${describeMarkers(seen)}\nexpected\n${want}\nrows:\n${rows}`,
    );
  }

  /** Moves the cursor with Go to Line (Ctrl+G), "line:column". */
  async goTo(line, column) {
    await this.editor().click({ position: { x: 300, y: 10 } });
    await this.page.keyboard.press(`${CTRL}+G`);
    const input = this.page.locator(".quick-input-widget input");
    await input.waitFor({ timeout: this.timeoutMs });
    await input.fill(`:${line}:${column}`);
    await this.page.keyboard.press("Enter");
    await input.waitFor({ state: "hidden", timeout: this.timeoutMs });
    await this.page.waitForFunction(
      (wanted) => {
        const status = document.querySelector(".statusbar-item[id$='status.editor.selection']");
        return status?.textContent?.includes(wanted) ?? false;
      },
      `Ln ${line}, Col ${column}`,
      { timeout: this.timeoutMs },
    );
  }

  /** Opens the code action menu from the lightbulb at the cursor; returns the entries. */
  async openLightbulbMenu() {
    const bulb = this.page.locator(".monaco-editor .lightBulbWidget");
    await bulb.waitFor({ state: "visible", timeout: this.timeoutMs });
    await bulb.click();
    const items = this.page.locator(".action-widget .monaco-list-row.action");
    await items.first().waitFor({ timeout: this.timeoutMs });
    return items.evaluateAll((rows) => rows.map((row) => row.textContent ?? ""));
  }

  /**
   * Picks a code action with the keyboard (arrows, then Enter): right after the menu opens,
   * VS Code lays a pointer block over the page that swallows mouse clicks.
   */
  async chooseAction(title) {
    const rows = this.page.locator(".action-widget .monaco-list-row.action");
    const count = await rows.count();
    for (let moves = 0; moves <= count; moves += 1) {
      const focused = await rows.evaluateAll((elements) =>
        elements.find((row) => row.classList.contains("focused"))?.getAttribute("aria-label"),
      );
      if (focused?.includes(title)) {
        await this.page.keyboard.press("Enter");
        await this.page
          .locator(".action-widget")
          .waitFor({ state: "hidden", timeout: this.timeoutMs });
        return;
      }
      await this.page.keyboard.press("ArrowDown");
    }
    throw new Error(`could not focus the code action "${title}"`);
  }

  async save() {
    await this.editor().click({ position: { x: 300, y: 10 } });
    await this.page.keyboard.press(`${CTRL}+S`);
    await this.page
      .locator(".tabs-container .tab.active.dirty")
      .waitFor({ state: "detached", timeout: this.timeoutMs });
  }

  /** Hovers the mouse over the start of the first line that starts with `lineStart`. */
  /** The text of the code lens that contains `expected` (they sit above their line). */
  async codeLens(expected) {
    const lens = this.editor().locator(".codelens-decoration", { hasText: expected }).first();
    await lens.waitFor({ timeout: this.timeoutMs });
    return ((await lens.textContent()) ?? "").replace(/\u00a0/g, " ");
  }

  async hoverLine(lineStart, expectedText) {
    const line = this.editor()
      .locator(".view-lines .view-line")
      // The editor renders spaces as no-break spaces.
      .filter({ hasText: new RegExp(`^${escapeRegExp(lineStart).replace(/ /g, "[\\s\u00a0]")}`) })
      .first();
    const hover = this.page.locator(".monaco-hover:not(.hidden) .hover-contents", {
      hasText: expectedText,
    });
    // The mouse has to move onto the word for the hover to start, so approach it twice.
    const deadline = Date.now() + this.timeoutMs;
    for (let x = 12; Date.now() < deadline; x = x === 12 ? 18 : 12) {
      await line.hover({ position: { x, y: 8 } });
      try {
        await hover.first().waitFor({ timeout: 3_000 });
        await settle(this.page.locator(".monaco-hover:not(.hidden)").first());
        return (await hover.first().textContent()) ?? "";
      } catch {
        // not shown yet: move and try again
      }
    }
    throw new Error(`no hover containing ${JSON.stringify(expectedText)} over "${lineStart}"`);
  }

  /** The benchlint status bar item. */
  statusItem() {
    return this.page.locator(".statusbar-item", { hasText: "benchlint" }).first();
  }

  /**
   * Waits for the benchlint status bar item to show the given codicon (check, warning, error)
   * and, when given, an accessible label (the tooltip's text) matching `label`; returns the
   * label.
   */
  async waitForStatus(icon, label = /./, timeoutMs = this.timeoutMs) {
    const item = this.page
      .locator(".statusbar-item", { hasText: "benchlint" })
      .filter({ has: this.page.locator(`.codicon-${icon}`) });
    let seen = "";
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if ((await item.count()) > 0) {
        seen =
          (await item
            .first()
            .getAttribute("aria-label")
            .catch(() => "")) ?? "";
        if (label.test(seen)) return seen;
      }
      await this.page.waitForTimeout(250); // polling interval
    }
    const now =
      (await this.statusItem()
        .getAttribute("aria-label")
        .catch(() => "")) ?? "";
    throw new Error(
      `the benchlint status never showed ${icon} with a label matching ${label}; ` +
        `last seen ${JSON.stringify(seen)}, now ${JSON.stringify(now)}`,
    );
  }

  /** Hovers the benchlint status bar item; returns its tooltip's text once it contains `text`. */
  async statusTooltip(text) {
    const hover = this.page.locator(".monaco-hover, .workbench-hover", { hasText: text });
    const deadline = Date.now() + this.timeoutMs;
    while (Date.now() < deadline) {
      await this.page.mouse.move(5, 5);
      await this.statusItem().hover();
      try {
        await hover.first().waitFor({ timeout: 3_000 });
        return (await hover.first().innerText()).replace(/\u00a0/g, " ");
      } catch {
        // not shown yet: move away and hover again
      }
    }
    throw new Error(`the benchlint status tooltip never showed ${JSON.stringify(text)}`);
  }

  /** The distinct token classes (colours) of the first editor line starting with `lineStart`. */
  async tokenClasses(lineStart) {
    const line = this.editor()
      .locator(".view-lines .view-line")
      .filter({ hasText: new RegExp(`^${escapeRegExp(lineStart).replace(/ /g, "[\\s\u00a0]")}`) })
      .first();
    await line.waitFor({ timeout: this.timeoutMs });
    return line.evaluate((element) => [
      ...new Set(
        [...element.querySelectorAll("span[class*='mtk']")].flatMap((span) =>
          [...span.classList].filter((name) => /^mtk\d+$/.test(name)),
        ),
      ),
    ]);
  }

  /** Waits for the "Restricted Mode" indicator of an untrusted workspace. */
  async waitForRestrictedMode() {
    await this.page
      .locator(".statusbar-item", { hasText: "Restricted Mode" })
      .first()
      .waitFor({ timeout: this.timeoutMs });
  }

  /** Grants Workspace Trust from the Workspace Trust editor, as a person would. */
  async trustWorkspace() {
    await this.runCommand("Workspaces: Manage Workspace Trust");
    const editor = this.page.locator(".workspace-trust-editor");
    await editor.waitFor({ timeout: this.timeoutMs });
    await editor
      .locator(".monaco-button", { hasText: /^Trust$/ })
      .first()
      .click();
    await editor
      .locator(".workspace-trust-header", { hasText: "You trust this" })
      .waitFor({ timeout: this.timeoutMs });
    await this.page
      .locator(".statusbar-item", { hasText: "Restricted Mode" })
      .waitFor({ state: "detached", timeout: this.timeoutMs });
  }

  /** Types `text` into the input box that shows `prompt` and confirms it. */
  async answerInputBox(prompt, text) {
    await this.page
      .locator(".quick-input-widget", { hasText: prompt })
      .waitFor({ timeout: this.timeoutMs });
    const input = this.page.locator(".quick-input-widget input");
    await input.fill(text);
    await this.page.keyboard.press("Enter");
    await input.waitFor({ state: "hidden", timeout: this.timeoutMs });
  }

  /**
   * Runs a command from the Command Palette (F1) by its title. `opensInput`: the command asks
   * for a value, so the quick input stays open.
   */
  async runCommand(title, { opensInput = false } = {}) {
    const editor = this.editor();
    if (await editor.isVisible()) {
      await editor.click({ position: { x: 300, y: 10 } });
    }
    await this.page.keyboard.press("F1");
    const input = this.page.locator(".quick-input-widget input");
    await input.waitFor({ timeout: this.timeoutMs });
    await input.fill(`>${title}`);
    await this.page
      .locator(".quick-input-list .monaco-list-row", { hasText: title })
      .first()
      .waitFor({ timeout: this.timeoutMs });
    await this.page.keyboard.press("Enter");
    if (!opensInput) {
      await input.waitFor({ state: "hidden", timeout: this.timeoutMs });
    }
  }

  /** Waits until the Output panel shows `pattern` at least `times` times; returns its text. */
  async waitForOutput(pattern, times = 1) {
    const view = this.page.locator(".panel .output-view .view-lines, .panel .output .view-lines");
    let text = "";
    const deadline = Date.now() + this.timeoutMs;
    while (Date.now() < deadline) {
      text =
        (await view
          .first()
          .textContent()
          .catch(() => "")) ?? "";
      text = text.replace(/\u00a0/g, " ");
      if ((text.match(pattern) ?? []).length >= times) return text;
      await this.page.waitForTimeout(250); // polling interval
    }
    throw new Error(`the Output panel never showed ${pattern} ${times} time(s):\n${text}`);
  }

  /**
   * Types a value into the Settings editor (Ctrl+,). In code-server the window is remote, so
   * machine-overridable settings such as benchlint.path live on the Remote tab.
   */
  async setSetting(key, value) {
    await this.editor().click({ position: { x: 300, y: 10 } });
    await this.page.keyboard.press(`${CTRL}+Comma`);
    await this.page.locator(".settings-editor .settings-header .monaco-editor").click();
    // The Settings editor may still be open with an earlier search: replace it.
    await this.page.keyboard.press(`${CTRL}+A`);
    await this.page.keyboard.type(key);
    await this.page
      .locator(".settings-editor .settings-tabs-widget .action-label", {
        hasText: "Remote",
      })
      .click();
    const input = this.page.locator(`.settings-editor input[aria-label="${key}"]`);
    await input.fill(value);
    await input.press("Tab");
    await this.page
      .locator(`.settings-editor .setting-item-contents[data-key="${key}"].is-configured`)
      .or(
        this.page.locator(`.settings-editor [data-key="${key}"] .setting-item-modified-indicator`),
      )
      .first()
      .waitFor({ timeout: this.timeoutMs });
  }

  /** The notification toasts that contain `text`, once at least one is shown. */
  async waitForNotification(text, timeoutMs = this.timeoutMs) {
    const toasts = this.page.locator(".notifications-toasts .notification-toast", {
      hasText: text,
    });
    await toasts.first().waitFor({ timeout: timeoutMs });
    await settle(toasts.first());
    return toasts.evaluateAll((elements) =>
      elements.map((toast) => ({
        message: toast.querySelector(".notification-list-item-message")?.textContent ?? "",
        buttons: [...toast.querySelectorAll(".monaco-button")].map((b) => b.textContent ?? ""),
      })),
    );
  }

  /**
   * Clicks a notification's button: on its toast, or, when the toast has timed out, in the
   * notification center.
   */
  async clickNotificationButton(text, button) {
    const toast = this.page.locator(".notifications-toasts .notification-toast", { hasText: text });
    if ((await toast.count()) === 0) {
      await this.runCommand("Notifications: Show Notifications");
    }
    await this.page
      .locator(".notification-toast, .notifications-center .notification-list-item", {
        hasText: text,
      })
      .locator(".monaco-button", { hasText: button })
      .first()
      .click();
  }
}

/** Waits for the finite CSS animations (a hover's fade-in) inside `locator` to finish. */
export async function settle(locator) {
  await locator.evaluate((element) =>
    Promise.allSettled(
      element
        .getAnimations({ subtree: true })
        // A progress bar runs forever; an animation that is cancelled rejects: neither counts.
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
}

export function describeMarkers(markers) {
  return markers
    .map(({ code, line, column }) => `${code} at line ${line}, column ${column}`)
    .sort()
    .join("\n");
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
