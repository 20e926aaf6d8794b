// Where the `benchlint lsp` server is found: the places looked at, in order, and the first
// that answers like a supported benchlint. Pure logic, free of the `vscode` module, so that it
// can be unit-tested with `node --test`.

import * as os from "node:os";
import * as path from "node:path";

import { findOnPath, type PathLookup, restrictedReason, type TrustContext } from "./trust";
import { isTooOld, MINIMUM_SERVER_VERSION, versionOf } from "./version";

/** The settings that name a server. In Restricted Mode, only their user-level values. */
export interface LaunchSettings {
  /** `benchlint.path`: a benchlint executable; empty when unset. */
  readonly path: string;
  /** `benchlint.interpreter`: a Python interpreter with benchlint installed; empty when unset. */
  readonly interpreter: string;
}

/** What relative paths, `~` and `${workspaceFolder}` expand against. */
export interface LaunchContext {
  readonly workspaceFolder?: string;
  readonly homeDir: string;
}

/** What the Python extension says about the file's workspace folder. */
export type PythonSelection =
  | { readonly kind: "absent" }
  | { readonly kind: "unavailable"; readonly reason: string }
  | { readonly kind: "selected"; readonly python: string };

/** The extension's private environment (see install.ts), when one is installed. */
export interface PrivateEnvironment {
  readonly python: string;
  /** The benchlint version installed in it. */
  readonly version: string;
}

export interface LaunchInputs {
  readonly settings: LaunchSettings;
  /** The workspace folder the server starts in: paths expand against it; its `.venv`. */
  readonly workspaceFolder: string | undefined;
  readonly homeDir: string;
  readonly python: PythonSelection;
  readonly privateEnvironment: PrivateEnvironment | undefined;
  readonly trust: TrustContext;
  readonly pathLookup: PathLookup;
  /** Whether a file exists (a `.venv`'s interpreter). */
  readonly exists: (file: string) => boolean;
}

export type CandidateSource =
  | "benchlint.path"
  | "benchlint.interpreter"
  | "Python extension"
  | "workspace .venv"
  | "workspace venv"
  | "private environment"
  | "PATH";

/** One way to start the server, with the command that checks it works. */
export interface Candidate {
  readonly source: CandidateSource;
  readonly command: string;
  readonly args: readonly string[];
  readonly probeArgs: readonly string[];
}

/** A place looked at: a candidate to try, or why it has none. */
export type Place =
  | { readonly source: CandidateSource; readonly candidate: Candidate }
  | { readonly source: CandidateSource; readonly unavailable: string };

export type ProbeResult =
  { readonly ok: true; readonly output: string } | { readonly ok: false; readonly reason: string };

/** Runs `command args` and reports whether it worked. */
export type Probe = (command: string, args: readonly string[]) => Promise<ProbeResult>;

/** What became of one place, in the order they were looked at. */
export interface Attempt {
  readonly source: CandidateSource;
  readonly candidate?: Candidate;
  /** "used", "too old" (a working server older than MINIMUM_SERVER_VERSION), "failed", or
   * "skipped" (nothing to try there, or not tried because an earlier place worked). */
  readonly outcome: "used" | "too old" | "failed" | "skipped";
  readonly detail: string;
  /** The version a working server reported. */
  readonly version?: string;
}

export type Resolution =
  | {
      readonly kind: "found";
      readonly candidate: Candidate;
      /** The version the server reported (`0.1.0`), or its whole answer when unreadable. */
      readonly version: string;
      /** True when every working server is older than the extension supports. */
      readonly tooOld: boolean;
      readonly attempts: readonly Attempt[];
    }
  | { readonly kind: "missing"; readonly attempts: readonly Attempt[] };

const EXECUTABLE_ARGS = { args: ["lsp"], probeArgs: ["--version"] } as const;
const INTERPRETER_ARGS = {
  args: ["-m", "benchlint", "lsp"],
  probeArgs: ["-m", "benchlint", "--version"],
} as const;

/** Expands `~` and `${workspaceFolder}`, and makes a relative path start at the workspace. */
export function expandPath(value: string, context: LaunchContext): string {
  let expanded = value.trim();
  if (expanded.includes("${workspaceFolder}") && context.workspaceFolder !== undefined) {
    expanded = expanded.split("${workspaceFolder}").join(context.workspaceFolder);
  }
  if (expanded === "~") {
    return context.homeDir;
  }
  if (expanded.startsWith("~/") || expanded.startsWith("~\\")) {
    return path.join(context.homeDir, expanded.slice(2));
  }
  // A bare name ("benchlint", "python3") is looked up on PATH, like a shell would.
  if (isBareName(expanded) || path.isAbsolute(expanded) || context.workspaceFolder === undefined) {
    return expanded;
  }
  return path.resolve(context.workspaceFolder, expanded);
}

function isBareName(value: string): boolean {
  return !value.includes("/") && !value.includes("\\");
}

/** The interpreter of a virtual environment folder. */
export function environmentPython(folder: string, platform: NodeJS.Platform): string {
  return platform === "win32"
    ? path.win32.join(folder, "Scripts", "python.exe")
    : path.posix.join(folder, "bin", "python");
}

/**
 * A program named by a setting, or undefined with the reason: a bare name is looked up on PATH;
 * in Restricted Mode nothing inside the workspace is accepted.
 */
export function settingProgram(
  value: string,
  inputs: LaunchInputs,
): { program: string } | { unavailable: string } {
  if (value.trim() === "") {
    return {
      unavailable: inputs.trust.trusted
        ? "not set"
        : "not set in your user settings (Restricted Mode: workspace settings are not used)",
    };
  }
  const context = { workspaceFolder: inputs.workspaceFolder, homeDir: inputs.homeDir };
  const expanded = expandPath(value, context);
  let program = expanded;
  if (isBareName(expanded)) {
    const found = findOnPath(expanded, inputs.pathLookup, inputs.trust);
    if (found.found === undefined) {
      return { unavailable: `${expanded} is not on PATH${skippedNote(found.skipped)}` };
    }
    program = found.found;
  }
  const reason = restrictedReason(program, inputs.trust);
  return reason === undefined
    ? { program }
    : { unavailable: `not used in Restricted Mode: ${reason}` };
}

function skippedNote(skipped: readonly string[]): string {
  return skipped.length === 0 ? "" : ` (passed over: ${skipped.join("; ")})`;
}

/** The places to look for the server, in the order they are tried. */
export function places(inputs: LaunchInputs): Place[] {
  const found: Place[] = [];
  const platform = inputs.trust.platform;

  const executable = settingProgram(inputs.settings.path, inputs);
  found.push(
    "program" in executable
      ? place("benchlint.path", executable.program, EXECUTABLE_ARGS)
      : { source: "benchlint.path", unavailable: executable.unavailable },
  );

  const interpreter = settingProgram(inputs.settings.interpreter, inputs);
  found.push(
    "program" in interpreter
      ? place("benchlint.interpreter", interpreter.program, INTERPRETER_ARGS)
      : { source: "benchlint.interpreter", unavailable: interpreter.unavailable },
  );

  found.push(pythonExtensionPlace(inputs));

  for (const [source, folder] of [
    ["workspace .venv", ".venv"],
    ["workspace venv", "venv"],
  ] as const) {
    if (inputs.workspaceFolder === undefined) {
      found.push({ source, unavailable: "no workspace folder" });
      continue;
    }
    const python = environmentPython(path.join(inputs.workspaceFolder, folder), platform);
    if (!inputs.exists(python)) {
      found.push({ source, unavailable: `no ${python}` });
      continue;
    }
    const reason = restrictedReason(python, inputs.trust);
    found.push(
      reason === undefined
        ? place(source, python, INTERPRETER_ARGS)
        : { source, unavailable: `not used in Restricted Mode: ${reason}` },
    );
  }

  found.push(privateEnvironmentPlace(inputs));

  const onPath = findOnPath("benchlint", inputs.pathLookup, inputs.trust);
  found.push(
    onPath.found === undefined
      ? { source: "PATH", unavailable: `no benchlint on PATH${skippedNote(onPath.skipped)}` }
      : place("PATH", onPath.found, EXECUTABLE_ARGS),
  );
  return withoutRepeats(found);
}

function pythonExtensionPlace(inputs: LaunchInputs): Place {
  const source = "Python extension";
  switch (inputs.python.kind) {
    case "absent":
      return { source, unavailable: "not installed" };
    case "unavailable":
      return { source, unavailable: inputs.python.reason };
    case "selected": {
      const program = settingProgram(inputs.python.python, inputs);
      return "program" in program
        ? place(source, program.program, INTERPRETER_ARGS)
        : { source, unavailable: program.unavailable };
    }
  }
}

function privateEnvironmentPlace(inputs: LaunchInputs): Place {
  const source = "private environment";
  if (inputs.privateEnvironment === undefined) {
    return { source, unavailable: "not installed (command: benchlint: Install or Update Server)" };
  }
  const python = inputs.privateEnvironment.python;
  const reason = restrictedReason(python, inputs.trust);
  return reason === undefined
    ? place(source, python, INTERPRETER_ARGS)
    : { source, unavailable: `not used in Restricted Mode: ${reason}` };
}

function place(
  source: CandidateSource,
  command: string,
  kind: { readonly args: readonly string[]; readonly probeArgs: readonly string[] },
): Place {
  return { source, candidate: { source, command, args: kind.args, probeArgs: kind.probeArgs } };
}

/** The same command twice (the Python extension selected the workspace's `.venv`) is tried once. */
function withoutRepeats(found: readonly Place[]): Place[] {
  const seen = new Map<string, CandidateSource>();
  return found.map((entry) => {
    if (!("candidate" in entry)) {
      return entry;
    }
    const key = commandLine(entry.candidate.command, entry.candidate.args);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      return { source: entry.source, unavailable: `the same server as ${earlier}` };
    }
    seen.set(key, entry.source);
    return entry;
  });
}

/**
 * Tries each place with `probe` and returns the first server that answers like benchlint and
 * is not older than `minimum`. When every working server is older, the first of them is
 * returned with `tooOld`: an old server is better than none.
 */
export async function resolveServer(
  found: readonly Place[],
  probe: Probe,
  minimum: string = MINIMUM_SERVER_VERSION,
): Promise<Resolution> {
  const attempts: Attempt[] = [];
  let oldest: { candidate: Candidate; version: string } | undefined;
  let chosen: Candidate | undefined;
  let chosenVersion = "";
  for (const entry of found) {
    if (chosen !== undefined) {
      attempts.push({ source: entry.source, outcome: "skipped", detail: "not tried" });
      continue;
    }
    if (!("candidate" in entry)) {
      attempts.push({ source: entry.source, outcome: "skipped", detail: entry.unavailable });
      continue;
    }
    const { candidate } = entry;
    const result = await probe(candidate.command, candidate.probeArgs);
    if (!result.ok) {
      attempts.push({ source: entry.source, candidate, outcome: "failed", detail: result.reason });
      continue;
    }
    // A configured path that is some other program (`python`, say) answers `--version` too.
    const answer = result.output.trim().split(/\r?\n/)[0] ?? "";
    if (!/^benchlint\b/i.test(answer)) {
      const detail = `answered ${JSON.stringify(answer)} instead of a benchlint version`;
      attempts.push({ source: entry.source, candidate, outcome: "failed", detail });
      continue;
    }
    const version = versionOf(answer) ?? answer;
    if (isTooOld(version, minimum)) {
      const detail = `benchlint ${version}, older than ${minimum} that this extension needs`;
      attempts.push({ source: entry.source, candidate, outcome: "too old", detail, version });
      oldest ??= { candidate, version };
      continue;
    }
    attempts.push({ source: entry.source, candidate, outcome: "used", detail: answer, version });
    chosen = candidate;
    chosenVersion = version;
  }
  if (chosen !== undefined) {
    return { kind: "found", candidate: chosen, version: chosenVersion, tooOld: false, attempts };
  }
  if (oldest !== undefined) {
    const used = oldest.candidate;
    return {
      kind: "found",
      candidate: used,
      version: oldest.version,
      tooOld: true,
      attempts: attempts.map((attempt) =>
        attempt.candidate === used ? { ...attempt, outcome: "used" as const } : attempt,
      ),
    };
  }
  return { kind: "missing", attempts };
}

/**
 * Looks in every place, in order, asking the Python extension only when the places before it
 * (the two settings) have no supported server: that asks it to activate, which is slow.
 */
export async function findServer(
  inputs: Omit<LaunchInputs, "python">,
  python: () => Promise<PythonSelection>,
  probe: Probe,
  minimum: string = MINIMUM_SERVER_VERSION,
): Promise<Resolution> {
  const answers = new Map<string, Promise<ProbeResult>>();
  const once: Probe = (command, args) => {
    const key = JSON.stringify([command, args]);
    const known = answers.get(key) ?? probe(command, args);
    answers.set(key, known);
    return known;
  };
  const notAsked: PythonSelection = { kind: "unavailable", reason: "not asked" };
  const settingsOnly = places({ ...inputs, python: notAsked });
  const early = await resolveServer(settingsOnly.slice(0, 2), once, minimum);
  if (early.kind === "found" && !early.tooOld) {
    const rest = settingsOnly
      .slice(2)
      .map(({ source }): Attempt => ({ source, outcome: "skipped", detail: "not tried" }));
    return { ...early, attempts: [...early.attempts, ...rest] };
  }
  return resolveServer(places({ ...inputs, python: await python() }), once, minimum);
}

/** The command line a candidate runs, for logs. */
export function commandLine(command: string, args: readonly string[]): string {
  const quote = (part: string): string => (/[\s"']/.test(part) ? JSON.stringify(part) : part);
  return [command, ...args].map(quote).join(" ");
}

/** The places looked at, numbered in order, with what became of each: for the output. */
export function describeAttempts(attempts: readonly Attempt[]): string {
  return attempts
    .map((attempt, index) => {
      const probed =
        attempt.candidate === undefined
          ? ""
          : `\`${commandLine(attempt.candidate.command, attempt.candidate.probeArgs)}\` `;
      const mark = attempt.outcome === "used" ? " <- used" : "";
      return `  ${index + 1}. ${attempt.source}: ${probed}${attempt.detail}${mark}`;
    })
    .join("\n");
}

/** The notification shown when no place has a working server. */
export function missingServerMessage(installVersion: string, restricted: boolean): string {
  const where = restricted
    ? " (Restricted Mode: nothing inside this workspace is run until you trust it)"
    : "";
  return (
    `benchlint: no language server found${where}. Install benchlint ${installVersion} with ` +
    `pip into a private environment of this extension, or set benchlint.path to a benchlint ` +
    `executable. The output lists the places tried.`
  );
}

/** The warning shown when the server in use is older than the extension supports. */
export function oldServerMessage(
  candidate: Candidate,
  version: string,
  installVersion: string,
  minimum: string = MINIMUM_SERVER_VERSION,
): string {
  return (
    `benchlint: the language server ${candidate.command} (${candidate.source}) is benchlint ` +
    `${version}, older than ${minimum} that this extension supports; some features may not ` +
    `work. Install benchlint ${installVersion} in a private environment of this extension?`
  );
}

/** The default `LaunchContext` for this machine. */
export function launchContext(workspaceFolder: string | undefined): LaunchContext {
  return { workspaceFolder, homeDir: os.homedir() };
}
