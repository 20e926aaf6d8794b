// End-to-end test of the extension in real VS Code (code-server) driven by headless Chromium.
//
//   node e2e/run.mjs SCENARIO.json
//
// The scenario (written by tests/vscode/test_vscode_e2e.py) names the programs, the workspace
// with a bad config, the diagnostics the command line reports for it, a quick fix to apply and
// a key to hover. This script installs the .vsix into a fresh code-server profile, opens the
// file and checks, as a person would see them: squiggles, the Problems panel, the quick fix
// from the lightbulb, and hover. Screenshots go to the scenario's artifacts folder. It exits
// non-zero with the reason on the first check that fails.

import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { chromium } from "playwright-core";

import { freePort, installExtension, makeProfile, startCodeServer } from "./codeServer.mjs";
import { describeMarkers, settle, Workbench } from "./workbench.mjs";

/** The flags Chromium needs here: root, no GPU, and no network but loopback. */
const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const scenario = JSON.parse(readFileSync(process.argv[2], "utf8"));
const artifacts = scenario.artifacts;
const started = Date.now();

function step(message) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${message}`);
}

async function main() {
  mkdirSync(artifacts, { recursive: true });
  const profile = makeProfile(join(scenario.scratch, "profile"), {
    "benchlint.path": scenario.benchlint,
  });

  step("installing the .vsix into a fresh profile");
  await installExtension(scenario.codeServer, profile, scenario.vsix);

  const port = await freePort();
  step(`starting code-server on 127.0.0.1:${port}`);
  const server = await startCodeServer(
    scenario.codeServer,
    profile,
    port,
    join(artifacts, "code-server.log"),
    join(artifacts, "code-server.pid"),
  );
  const userDataDir = join(scenario.scratch, "chromium");
  let browser;
  try {
    browser = await chromium.launchPersistentContext(userDataDir, {
      executablePath: scenario.chromium,
      headless: true,
      args: CHROMIUM_FLAGS,
      viewport: { width: 1400, height: 860 },
    });
    const page = browser.pages()[0] ?? (await browser.newPage());
    try {
      await checkWorkbench(page, server.url);
    } catch (error) {
      await page.screenshot({ path: join(artifacts, "failure.png") }).catch(() => {});
      throw error;
    }
  } finally {
    await browser?.close().catch(() => {});
    await server.stop();
  }
}

async function checkWorkbench(page, url) {
  const workbench = new Workbench(page, { timeoutMs: scenario.timeoutMs });
  const shot = (name) => page.screenshot({ path: join(artifacts, `${name}.png`) });
  const observed = {};
  const save = () =>
    writeFileSync(join(artifacts, "observed.json"), `${JSON.stringify(observed, null, 2)}\n`);

  await page.goto(`${url}/?folder=${encodeURIComponent(scenario.workspace)}`);
  await workbench.waitForReady();
  step("workbench ready; opening the config");
  await workbench.openFile(scenario.file);

  const errors = scenario.expected.filter((marker) => marker.severity === "error");
  await workbench.waitForSquiggles(errors.length);
  step("error squiggles shown");
  observed.statusBar = await workbench.waitForStatus("check");
  step(`status bar: ${observed.statusBar}`);

  await workbench.openProblems();
  observed.problems = await workbench.waitForProblems(scenario.expected);
  step(`Problems panel lists:\n${describeMarkers(observed.problems)}`);
  await shot("1-diagnostics");

  const { fix } = scenario;
  await workbench.goTo(fix.line, fix.column);
  observed.actions = await workbench.openLightbulbMenu();
  step(`lightbulb menu: ${observed.actions.join(" | ")}`);
  if (!observed.actions.some((action) => action.includes(fix.title))) {
    throw new Error(`no quick fix "${fix.title}" in the lightbulb menu`);
  }
  await settle(page.locator(".action-widget"));
  await shot("2-quick-fix-menu");
  if (scenario.readmeScreenshot) {
    copyFileSync(join(artifacts, "2-quick-fix-menu.png"), scenario.readmeScreenshot);
  }
  await workbench.chooseAction(fix.title);

  const remaining = scenario.expected.filter((marker) => marker.code !== fix.code);
  observed.problemsAfterFix = await workbench.waitForProblems(remaining);
  observed.lineAfterFix = (await workbench.editorLines())[fix.line - 1];
  if (!observed.lineAfterFix?.includes(fix.replacement)) {
    throw new Error(`line ${fix.line} after the fix is ${JSON.stringify(observed.lineAfterFix)}`);
  }
  step(`quick fix applied: line ${fix.line} is now ${JSON.stringify(observed.lineAfterFix)}`);
  await workbench.save();
  await shot("3-after-fix");

  const { hover } = scenario;
  observed.hover = await workbench.hoverLine(hover.lineStart, hover.text);
  step(`hover over "${hover.lineStart}": ${observed.hover.slice(0, 120)}`);
  await shot("4-hover");
  save();

  await workbench.runCommand("benchlint: Restart Server");
  await workbench.runCommand("benchlint: Show Output");
  observed.output = await workbench.waitForOutput(/Starting benchlint/g, 2);
  await workbench.waitForStatus("check");
  await workbench.openProblems();
  await workbench.waitForProblems(remaining);
  step("restarted from the command palette; diagnostics are back");
  await shot("5-restarted");
  save();

  // No server anywhere: a wrong benchlint.path, typed into the Settings editor (the test keeps
  // benchlint off PATH, so the fallback finds nothing either).
  await workbench.setSetting("benchlint.path", scenario.missingServerPath);
  step(`benchlint.path set to ${scenario.missingServerPath} in the Settings editor`);
  observed.notifications = await workbench.waitForNotification("pip install benchlint");
  await workbench.waitForStatus("error");
  step(`server missing: ${JSON.stringify(observed.notifications)}`);
  await shot("6-server-missing");
  save();
  const [notice, ...others] = observed.notifications;
  if (others.length > 0 || !notice.buttons.includes("Open Install Docs")) {
    throw new Error(`expected one notification with an "Open Install Docs" button`);
  }
  await workbench.clickNotificationButton("pip install benchlint", "Show Output");
  await workbench.waitForOutput(/No benchlint language server found/g);
  await shot("7-server-missing-output");
}

const stopOnSignal = (signal) => {
  console.error(`e2e: stopped by ${signal}`);
  process.exit(1);
};
process.once("SIGTERM", stopOnSignal);
process.once("SIGINT", stopOnSignal);

main().then(
  () => step("e2e passed"),
  (error) => {
    console.error(`e2e FAILED: ${error instanceof Error ? error.stack : String(error)}`);
    process.exitCode = 1;
  },
);
