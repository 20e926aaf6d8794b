// End-to-end test of the extension in real VS Code (code-server) driven by headless Chromium.
//
//   node e2e/run.mjs SCENARIO.json
//
// The scenario (written by tests/vscode/test_vscode_e2e.py) names the programs, the extensions
// to install into a fresh profile, the workspace with a bad config and the diagnostics the
// command line reports for it. Two scenarios:
//
//   trusted     Workspace Trust off, the server from a user-level benchlint.path: squiggles,
//               the Problems panel, a quick fix from the lightbulb, hover, highlighting, the
//               status tooltip, the commands, an old server's warning, the notification when
//               no server is found, and the server of the Python extension's environment.
//   restricted  Workspace Trust on and the folder untrusted; its settings, .venv and a PATH
//               folder inside it name scripts that would leave a marker file. No server
//               anywhere: the notification's "Install benchlint" installs one from a folder of
//               wheels (PIP_* variables), diagnostics appear, no marker; a simulated extension
//               update upgrades the private environment at the next start; then trust is
//               granted and the workspace's own benchlint.path is used.
//
// Screenshots go to the scenario's artifacts folder, and what was seen to observed.json. It
// exits non-zero with the reason on the first check that fails.

import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
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
const observed = {};

function step(message) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${message}`);
}

function save() {
  writeFileSync(join(artifacts, "observed.json"), `${JSON.stringify(observed, null, 2)}\n`);
}

/** Copies the benchlint output channel's log files (the whole text, which the Output panel
 * only shows in part) into the artifacts, as benchlint-<n>.log. */
function copyChannelLogs(userDataDir) {
  const found = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name === "benchlint.log") found.push(path);
    }
  };
  const logs = join(userDataDir, "logs");
  if (existsSync(logs)) walk(logs);
  found
    .sort()
    .forEach((file, index) => copyFileSync(file, join(artifacts, `benchlint-${index + 1}.log`)));
}

function markers() {
  return existsSync(scenario.markers) ? readdirSync(scenario.markers).sort() : [];
}

async function main() {
  mkdirSync(artifacts, { recursive: true });
  const trust = scenario.kind === "restricted";
  const profile = makeProfile(join(scenario.scratch, "profile"), scenario.userSettings, {
    workspaceTrust: trust,
  });

  for (const vsix of scenario.extensions) {
    step(`installing ${vsix} into a fresh profile`);
    await installExtension(scenario.codeServer, profile, vsix);
  }

  const port = await freePort();
  step(`starting code-server on 127.0.0.1:${port}${trust ? " with Workspace Trust" : ""}`);
  const server = await startCodeServer(
    scenario.codeServer,
    profile,
    port,
    join(artifacts, "code-server.log"),
    join(artifacts, "code-server.pid"),
    { workspaceTrust: trust, env: { ...process.env, ...scenario.env } },
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
      await (trust ? checkRestricted : checkTrusted)(page, server.url);
    } catch (error) {
      await page.screenshot({ path: join(artifacts, "failure.png") }).catch(() => {});
      throw error;
    } finally {
      save();
    }
  } finally {
    await browser?.close().catch(() => {});
    await server.stop();
    copyChannelLogs(profile.userDataDir);
  }
}

async function openWorkbench(page, url) {
  const workbench = new Workbench(page, { timeoutMs: scenario.timeoutMs });
  await page.goto(`${url}/?folder=${encodeURIComponent(scenario.workspace)}`);
  await workbench.waitForReady();
  return workbench;
}

const shot = (page, name) => page.screenshot({ path: join(artifacts, `${name}.png`) });

async function checkTrusted(page, url) {
  const workbench = await openWorkbench(page, url);
  step("workbench ready; opening the config");
  await workbench.openFile(scenario.file);

  const errors = scenario.expected.filter((marker) => marker.severity === "error");
  await workbench.waitForSquiggles(errors.length);
  step("error squiggles shown");
  observed.statusBar = await workbench.waitForStatus("check", /Version: benchlint \d/);
  step(`status bar: ${observed.statusBar}`);
  observed.tooltip = await workbench.statusTooltip("Version: benchlint");
  step(`status tooltip: ${observed.tooltip}`);

  // The extension's own TOML grammar: a key, `=` and a string are coloured differently.
  observed.tokenClasses = await workbench.tokenClasses('benchmark = "hle"');
  step(`token classes of benchmark = "hle": ${observed.tokenClasses.join(" ")}`);
  if (observed.tokenClasses.length < 3) {
    throw new Error("the config is not highlighted: fewer than 3 colours on one key = value line");
  }

  await workbench.openProblems();
  observed.problems = await workbench.waitForProblems(scenario.expected);
  step(`Problems panel lists:\n${describeMarkers(observed.problems)}`);
  await shot(page, "1-diagnostics");

  const { fix } = scenario;
  await workbench.goTo(fix.line, fix.column);
  observed.actions = await workbench.openLightbulbMenu();
  step(`lightbulb menu: ${observed.actions.join(" | ")}`);
  if (!observed.actions.some((action) => action.includes(fix.title))) {
    throw new Error(`no quick fix "${fix.title}" in the lightbulb menu`);
  }
  await settle(page.locator(".action-widget"));
  await shot(page, "2-quick-fix-menu");
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
  await shot(page, "3-after-fix");

  const { hover } = scenario;
  observed.hover = await workbench.hoverLine(hover.lineStart, hover.text);
  step(`hover over "${hover.lineStart}": ${observed.hover.slice(0, 120)}`);
  await shot(page, "4-hover");

  // The run's plan, above [experiment], as `benchlint plan` gives it; all of it on hover.
  observed.codeLens = await workbench.codeLens(scenario.codeLens);
  step(`code lens: ${observed.codeLens}`);
  observed.planHover = await workbench.hoverLine("[experiment]", "Plan:");
  step(`hover over [experiment]: ${observed.planHover.slice(0, 120)}`);
  await shot(page, "4-plan-lens");
  if (scenario.planScreenshot) {
    copyFileSync(join(artifacts, "4-plan-lens.png"), scenario.planScreenshot);
  }
  save();

  // The test counts the starts in the channel's log: the Output panel shows only its end.
  await workbench.runCommand("benchlint: Restart Server");
  await workbench.runCommand("benchlint: Show Output");
  observed.output = await workbench.waitForOutput(/Starting benchlint/g);
  await workbench.waitForStatus("check");
  await workbench.openProblems();
  await workbench.waitForProblems(remaining);
  step("restarted from the command palette; diagnostics are back");
  await shot(page, "5-restarted");
  save();

  // A server older than the extension supports: it runs, with a warning naming both versions.
  await workbench.setSetting("benchlint.path", scenario.oldServer);
  step(`benchlint.path set to ${scenario.oldServer}, which says it is benchlint 0.0.9`);
  observed.oldServerNotifications = await workbench.waitForNotification("older than");
  observed.oldServerStatus = await workbench.waitForStatus("warning", /benchlint 0\.0\.9/);
  step(`old server: ${JSON.stringify(observed.oldServerNotifications)}`);
  await shot(page, "6-old-server");
  save();

  // No server anywhere: a wrong benchlint.path, typed into the Settings editor (the test keeps
  // benchlint off PATH, and the Python extension's environment has none).
  await workbench.setSetting("benchlint.path", scenario.missingServerPath);
  step(`benchlint.path set to ${scenario.missingServerPath} in the Settings editor`);
  observed.notifications = await workbench.waitForNotification("no language server found");
  observed.missingStatus = await workbench.waitForStatus("error");
  step(`server missing: ${JSON.stringify(observed.notifications)}`);
  await shot(page, "7-server-missing");
  save();
  await workbench.clickNotificationButton("no language server found", "Show Output");
  observed.missingOutput = await workbench.waitForOutput(/7\. PATH: no benchlint on PATH/g);
  await shot(page, "8-server-missing-output");
  save();

  // The Python extension selects an environment that has benchlint: the server restarts with it.
  await workbench.runCommand("Fake Python: Select Interpreter", { opensInput: true });
  await workbench.answerInputBox("Path to a Python interpreter", scenario.pythonWithBenchlint);
  step(`Python extension's environment set to ${scenario.pythonWithBenchlint}`);
  observed.pythonStatus = await workbench.waitForStatus("check", /Found in: Python extension/);
  await workbench.openProblems();
  await workbench.waitForProblems(remaining);
  step(`status bar: ${observed.pythonStatus}`);
  await shot(page, "9-python-extension");
}

async function checkRestricted(page, url) {
  const workbench = await openWorkbench(page, url);
  await workbench.waitForRestrictedMode();
  step("workbench ready in Restricted Mode; opening the config");
  await workbench.openFile(scenario.file);

  // Nothing outside the workspace, and nothing inside it may run: no server.
  observed.notifications = await workbench.waitForNotification("no language server found");
  observed.missingStatus = await workbench.waitForStatus("error", /Restricted Mode/);
  step(`server missing: ${JSON.stringify(observed.notifications)}`);
  await workbench.runCommand("benchlint: Show Output");
  observed.missingOutput = await workbench.waitForOutput(/7\. PATH: no benchlint on PATH/g);
  await shot(page, "1-restricted-missing");
  observed.markersBeforeInstall = markers();
  save();

  await workbench.clickNotificationButton("no language server found", "Install benchlint");
  step("Install benchlint clicked");
  observed.progress = await workbench.waitForNotification("installing benchlint");
  step(`progress: ${JSON.stringify(observed.progress)}`);
  await shot(page, "2-installing");

  const installTimeout = scenario.installTimeoutMs;
  observed.installedStatus = await workbench.waitForStatus(
    "check",
    /Found in: private environment/,
    installTimeout,
  );
  step(`installed; status bar: ${observed.installedStatus}`);
  await workbench.openProblems();
  observed.problems = await workbench.waitForProblems(scenario.expected);
  step(`Problems panel lists:\n${describeMarkers(observed.problems)}`);
  await shot(page, "3-installed");
  save();

  // As if the extension had been updated since the install: the private environment records an
  // older benchlint, so the next start upgrades it (into a new environment) before using it.
  const stateFile = join(scenario.storage, "server.json");
  const state = JSON.parse(readFileSync(stateFile, "utf8"));
  writeFileSync(stateFile, JSON.stringify({ ...state, version: "0.0.1" }));
  await workbench.runCommand("benchlint: Restart Server");
  step("recorded version set to 0.0.1; server restarted");
  const installedCommand = /Command: (\S+)/.exec(observed.installedStatus)?.[1] ?? "";
  const escaped = installedCommand.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  observed.upgradedStatus = await workbench.waitForStatus(
    "check",
    new RegExp(`^(?!.*${escaped}).*Found in: private environment`, "s"),
    installTimeout,
  );
  step(`upgraded; status bar: ${observed.upgradedStatus}`);
  await workbench.openProblems();
  await workbench.waitForProblems(scenario.expected);
  observed.markersBeforeTrust = markers();
  save();

  await workbench.trustWorkspace();
  step("workspace trusted");
  observed.trustedStatus = await workbench.waitForStatus("check", /Found in: benchlint\.path/);
  step(`status bar: ${observed.trustedStatus}`);
  await workbench.openProblems();
  await workbench.waitForProblems(scenario.expected);
  observed.markersAfterTrust = markers();
  step(`markers after trust: ${observed.markersAfterTrust.join(", ")}`);
  await shot(page, "4-trusted");
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
