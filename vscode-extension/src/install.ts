// The private environment: benchlint installed with pip into a virtual environment in the
// extension's global storage. Node only (no `vscode` module), unit-tested with `node --test`.
//
// Layout of the storage folder:
//   env-<id>/      one virtual environment per install, never moved once made
//   server.json    which env-<id> is installed and its benchlint version, written last
//
// An install makes a new env-<id>, installs into it, checks `python -m benchlint --version`,
// and only then replaces server.json (write to a temporary file, rename). A failed or
// cancelled install removes its env-<id>; server.json still names the previous, complete one.

import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";

import { environmentPython, type PrivateEnvironment, type ProbeResult } from "./launch";
import { compareVersions, sameVersion, versionOf } from "./version";

export const STATE_FILE = "server.json";
/** The Python the private environment needs: benchlint's `requires-python`. */
export const MINIMUM_PYTHON = "3.11";
/** Environments other than the current and previous one are removed once this old: younger
 * ones may be another window's install in progress. */
export const STALE_AFTER_MS = 60 * 60 * 1000;
/** Lines of pip's output kept for a failure report. */
const KEPT_LINES = 30;

const FOLDER_NAME = /^env-[A-Za-z0-9-]+$/;

interface State {
  readonly version: string;
  readonly folder: string;
  readonly previous?: string;
  readonly basePython: string;
  readonly installedAt: string;
}

function readStateFile(storageDir: string): State | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(path.join(storageDir, STATE_FILE), "utf8"));
  } catch {
    return undefined;
  }
  if (raw === null || typeof raw !== "object") {
    return undefined;
  }
  const state = raw as Record<string, unknown>;
  const text = (key: string): string | undefined =>
    typeof state[key] === "string" ? (state[key] as string) : undefined;
  const version = text("version");
  const folder = text("folder");
  if (version === undefined || folder === undefined || !FOLDER_NAME.test(folder)) {
    return undefined;
  }
  const previous = text("previous");
  return {
    version,
    folder,
    ...(previous !== undefined && FOLDER_NAME.test(previous) ? { previous } : {}),
    basePython: text("basePython") ?? "",
    installedAt: text("installedAt") ?? "",
  };
}

/** The installed private environment, when server.json names one whose interpreter exists. */
export function readPrivateEnvironment(
  storageDir: string,
  platform: NodeJS.Platform = process.platform,
): PrivateEnvironment | undefined {
  const state = readStateFile(storageDir);
  if (state === undefined) {
    return undefined;
  }
  const python = environmentPython(path.join(storageDir, state.folder), platform);
  return fs.existsSync(python) ? { python, version: state.version } : undefined;
}

/** Whether the private environment should be upgraded to the extension's version. */
export function needsUpgrade(installed: PrivateEnvironment, wanted: string): boolean {
  return !sameVersion(installed.version, wanted);
}

/** A Python that can make the environment: `python3`, or `py -3` on Windows. */
export interface PythonCommand {
  /** Where it came from, for messages ("benchlint.interpreter", "PATH"). */
  readonly label: string;
  readonly command: string;
  readonly args: readonly string[];
}

export type ChooseResult =
  | { readonly kind: "chosen"; readonly python: PythonCommand; readonly version: string }
  | { readonly kind: "none"; readonly tried: readonly string[] };

const PYTHON_VERSION_SCRIPT = "import sys; print('%d.%d' % sys.version_info[:2])";

/** The first Python that runs and is at least MINIMUM_PYTHON. */
export async function choosePython(
  candidates: readonly PythonCommand[],
  run: (command: string, args: readonly string[]) => Promise<ProbeResult>,
): Promise<ChooseResult> {
  const tried: string[] = [];
  for (const python of candidates) {
    const shown = [python.command, ...python.args].join(" ");
    const result = await run(python.command, [...python.args, "-c", PYTHON_VERSION_SCRIPT]);
    if (!result.ok) {
      tried.push(`${python.label}: ${shown} ${result.reason}`);
      continue;
    }
    const version = result.output.trim();
    const comparison = compareVersions(version, MINIMUM_PYTHON);
    if (comparison === undefined || comparison < 0) {
      tried.push(`${python.label}: ${shown} is Python ${version}, older than ${MINIMUM_PYTHON}`);
      continue;
    }
    return { kind: "chosen", python, version };
  }
  return { kind: "none", tried };
}

export type InstallStep = "environment" | "pip" | "check";

export interface InstallRequest {
  readonly storageDir: string;
  /** The benchlint version to install (`benchlint==version`): the extension's own. */
  readonly version: string;
  readonly python: PythonCommand;
  /** The environment of every command: pip reads its configuration and PIP_* from it. */
  readonly env: NodeJS.ProcessEnv;
  readonly platform?: NodeJS.Platform;
  readonly signal?: AbortSignal;
  /** Called as each step starts, with a sentence for a progress message. */
  readonly onStep?: (step: InstallStep, message: string) => void;
  /** Each line the commands print. */
  readonly onOutput?: (line: string) => void;
  readonly now?: () => number;
}

export type InstallResult =
  | { readonly kind: "installed"; readonly environment: PrivateEnvironment }
  | { readonly kind: "cancelled" }
  | {
      readonly kind: "failed";
      readonly step: InstallStep;
      readonly summary: string;
      /** The last lines the failing command printed (pip's error). */
      readonly lastLines: readonly string[];
    };

interface RunResult {
  readonly code: number | null;
  readonly lines: readonly string[];
  readonly error?: string;
}

/** Runs a command without a shell, streaming its output lines; ends it when `signal` aborts. */
function runCommand(
  command: string,
  args: readonly string[],
  options: {
    cwd: string;
    env: NodeJS.ProcessEnv;
    signal?: AbortSignal | undefined;
    onOutput?: ((line: string) => void) | undefined;
  },
): Promise<RunResult> {
  return new Promise((resolve) => {
    const lines: string[] = [];
    let pending = "";
    const take = (chunk: Buffer): void => {
      const parts = (pending + chunk.toString("utf8")).split(/\r?\n/);
      pending = parts.pop() ?? "";
      for (const line of parts) {
        lines.push(line);
        options.onOutput?.(line);
      }
    };
    let child;
    try {
      child = spawn(command, [...args], {
        cwd: options.cwd,
        env: options.env,
        stdio: ["ignore", "pipe", "pipe"],
        windowsHide: true,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
    } catch (error) {
      resolve({ code: null, lines, error: String(error) });
      return;
    }
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    let failure: string | undefined;
    child.on("error", (error: NodeJS.ErrnoException) => {
      failure = error.code === "ENOENT" ? `${command}: no such file` : error.message;
    });
    child.on("close", (code) => {
      if (pending !== "") {
        lines.push(pending);
        options.onOutput?.(pending);
      }
      resolve({ code, lines, ...(failure === undefined ? {} : { error: failure }) });
    });
  });
}

function newFolderName(now: number): string {
  return `env-${now.toString(36)}-${randomBytes(3).toString("hex")}`;
}

/**
 * Makes a new virtual environment with `request.python`, installs `benchlint==version` into
 * it with pip (pip's own configuration and PIP_* variables apply), checks that it answers
 * with that version, and records it in server.json. Nothing is recorded unless every step
 * worked; the new environment is removed when one fails or the install is cancelled.
 */
export async function installServer(request: InstallRequest): Promise<InstallResult> {
  const platform = request.platform ?? process.platform;
  const now = request.now ?? Date.now;
  const previous = readStateFile(request.storageDir);
  fs.mkdirSync(request.storageDir, { recursive: true });
  const folder = newFolderName(now());
  const environment = path.join(request.storageDir, folder);
  const python = environmentPython(environment, platform);
  const options = {
    cwd: request.storageDir,
    env: request.env,
    signal: request.signal,
    onOutput: request.onOutput,
  };

  const steps: readonly {
    step: InstallStep;
    message: string;
    command: string;
    args: readonly string[];
  }[] = [
    {
      step: "environment",
      message: `creating a virtual environment with ${request.python.command}`,
      command: request.python.command,
      args: [...request.python.args, "-m", "venv", environment],
    },
    {
      step: "pip",
      message: `pip install benchlint==${request.version}`,
      command: python,
      args: ["-m", "pip", "install", `benchlint==${request.version}`],
    },
    {
      step: "check",
      message: "checking the installed server",
      command: python,
      args: ["-m", "benchlint", "--version"],
    },
  ];

  const give = (result: InstallResult): InstallResult => {
    if (result.kind !== "installed") {
      fs.rmSync(environment, { recursive: true, force: true });
    }
    return result;
  };

  const cancelled = (): boolean => request.signal?.aborted === true;
  for (const { step, message, command, args } of steps) {
    if (cancelled()) {
      return give({ kind: "cancelled" });
    }
    request.onStep?.(step, message);
    const result = await runCommand(command, args, options);
    if (cancelled()) {
      return give({ kind: "cancelled" });
    }
    const lastLines = result.lines.filter((line) => line.trim() !== "").slice(-KEPT_LINES);
    if (result.error !== undefined || result.code !== 0) {
      const status = result.error ?? `exited with status ${String(result.code)}`;
      return give({ kind: "failed", step, summary: `${message}: ${status}`, lastLines });
    }
    if (step === "check") {
      const answer = lastLines.find((line) => /^benchlint\b/i.test(line.trim())) ?? "";
      const installed = versionOf(answer);
      if (installed === undefined || !sameVersion(installed, request.version)) {
        const summary = `the installed server answered ${JSON.stringify(answer)}, not benchlint ${request.version}`;
        return give({ kind: "failed", step, summary, lastLines });
      }
    }
  }

  writeState(request.storageDir, {
    version: request.version,
    folder,
    ...(previous !== undefined ? { previous: previous.folder } : {}),
    basePython: [request.python.command, ...request.python.args].join(" "),
    installedAt: new Date(now()).toISOString(),
  });
  removeStaleEnvironments(
    request.storageDir,
    [folder, previous?.folder].filter((name) => name !== undefined),
    now(),
  );
  return { kind: "installed", environment: { python, version: request.version } };
}

/** Replaces server.json in one step: a reader sees the old file or the new one, never half. */
function writeState(storageDir: string, state: State): void {
  const target = path.join(storageDir, STATE_FILE);
  const temporary = `${target}.${process.pid}.${randomBytes(3).toString("hex")}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`);
  fs.renameSync(temporary, target);
}

/** The env-<id> folders to remove: not kept, and old enough not to be an install in progress. */
export function staleEnvironments(
  entries: readonly { readonly name: string; readonly modifiedMs: number }[],
  keep: readonly string[],
  now: number,
  staleAfterMs: number = STALE_AFTER_MS,
): string[] {
  return entries
    .filter(({ name }) => FOLDER_NAME.test(name) && !keep.includes(name))
    .filter(({ modifiedMs }) => now - modifiedMs >= staleAfterMs)
    .map(({ name }) => name);
}

function removeStaleEnvironments(storageDir: string, keep: readonly string[], now: number): void {
  let entries: { name: string; modifiedMs: number }[];
  try {
    entries = fs
      .readdirSync(storageDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => ({
        name: entry.name,
        modifiedMs: fs.statSync(path.join(storageDir, entry.name)).mtimeMs,
      }));
  } catch {
    return;
  }
  for (const name of staleEnvironments(entries, keep, now)) {
    try {
      fs.rmSync(path.join(storageDir, name), { recursive: true, force: true, maxRetries: 2 });
    } catch {
      // A server still running from it (another window) can hold files open on Windows: the
      // next install tries again.
    }
  }
}
