// code-server (real VS Code served to a browser) for the end-to-end test: a fresh profile,
// the freshly built .vsix installed into it, started on a free loopback port. Workspace Trust
// is off unless a scenario asks for it; with it on, a folder opens in Restricted Mode (no
// startup prompt) until the test grants trust.

import { execFile, spawn } from "node:child_process";
import { createWriteStream, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Flags that keep code-server offline, quiet and free of first-run prompts. */
const QUIET_FLAGS = [
  "--auth",
  "none",
  "--disable-telemetry",
  "--disable-update-check",
  "--disable-getting-started-override",
];

/** Settings that keep welcome pages, tips and update checks out of the way. */
const QUIET_SETTINGS = {
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.welcomePage.walkthroughs.openOnInstall": false,
  "workbench.enableExperiments": false,
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "extensions.ignoreRecommendations": true,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "chat.commandCenter.enabled": false,
  "editor.minimap.enabled": false,
  "editor.hover.delay": 200,
  "editor.lightbulb.enabled": "on",
  "files.autoSave": "off",
};

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Workspace Trust off, or on with folders opening untrusted and without a prompt. */
function trustSettings(workspaceTrust) {
  return workspaceTrust
    ? {
        "security.workspace.trust.enabled": true,
        "security.workspace.trust.startupPrompt": "never",
        "security.workspace.trust.untrustedFiles": "open",
      }
    : { "security.workspace.trust.enabled": false };
}

/** A fresh user-data-dir, extensions-dir and config file under `root`. */
export function makeProfile(root, userSettings, { workspaceTrust = false } = {}) {
  const profile = {
    userDataDir: join(root, "user-data"),
    extensionsDir: join(root, "extensions"),
    configFile: join(root, "config.yaml"),
  };
  mkdirSync(join(profile.userDataDir, "User"), { recursive: true });
  mkdirSync(profile.extensionsDir, { recursive: true });
  writeFileSync(profile.configFile, "auth: none\ncert: false\n");
  writeUserSettings(profile, { ...trustSettings(workspaceTrust), ...userSettings });
  return profile;
}

function writeUserSettings(profile, userSettings) {
  const settings = { ...QUIET_SETTINGS, ...userSettings };
  writeFileSync(
    join(profile.userDataDir, "User", "settings.json"),
    `${JSON.stringify(settings, null, 2)}\n`,
  );
}

function profileFlags(profile) {
  return [
    "--user-data-dir",
    profile.userDataDir,
    "--extensions-dir",
    profile.extensionsDir,
    "--config",
    profile.configFile,
  ];
}

export async function installExtension(codeServer, profile, vsix) {
  const { stdout, stderr } = await run(
    codeServer,
    [...profileFlags(profile), "--install-extension", vsix],
    { timeout: 120_000 },
  );
  const said = `${stdout}\n${stderr}`;
  if (!/successfully installed/i.test(said)) {
    throw new Error(`code-server did not install ${vsix}:\n${said}`);
  }
}

/**
 * Starts code-server in its own process group (so that stop() also ends the extension host
 * and language server it starts) and resolves once it listens. `env` is the environment of
 * code-server and so of the extension host, the language server and pip.
 */
export async function startCodeServer(
  codeServer,
  profile,
  port,
  logFile,
  pidFile,
  { workspaceTrust = false, env = process.env } = {},
) {
  const log = createWriteStream(logFile);
  const trustFlags = workspaceTrust ? [] : ["--disable-workspace-trust"];
  const child = spawn(
    codeServer,
    [...QUIET_FLAGS, ...trustFlags, "--bind-addr", `127.0.0.1:${port}`, ...profileFlags(profile)],
    // VSCODE_CLI=1, as when code-server is started from a terminal: the extension host keeps
    // this environment (PATH, PIP_*) instead of one read from a login shell's startup files.
    { detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...env, VSCODE_CLI: "1" } },
  );
  writeFileSync(pidFile, `${child.pid}\n`);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  try {
    await listening(child, logFile);
  } catch (error) {
    killGroup(child.pid, "SIGKILL");
    rmSync(pidFile, { force: true });
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) {
        killGroup(child.pid, "SIGKILL");
        rmSync(pidFile, { force: true });
        return;
      }
      const exited = new Promise((resolve) => child.on("exit", resolve));
      killGroup(child.pid, "SIGTERM");
      const timer = setTimeout(() => killGroup(child.pid, "SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
      killGroup(child.pid, "SIGKILL"); // leftovers of the group, if any
      rmSync(pidFile, { force: true }); // the group is gone: nobody may kill it by number
    },
  };
}

const START_TIMEOUT_MS = 60_000;

/** Resolves when code-server says it listens; rejects if it exits or stays silent. */
function listening(child, logFile) {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(
      () => reject(new Error(`code-server did not listen within 60 s; see ${logFile}`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk) => {
      output += chunk.toString();
      if (/HTTP server listening/.test(output)) {
        child.stdout.off("data", onData);
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`code-server exited with ${code} before listening; see ${logFile}`));
    });
  });
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}
