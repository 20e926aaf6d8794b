// Which command starts `benchlint lsp`: pure logic, free of the `vscode` module so it can be
// unit-tested with `node --test`.

import * as os from "node:os";
import * as path from "node:path";

/** The settings that decide how the server is started. */
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

export type CandidateSource = "benchlint.path" | "benchlint.interpreter" | "PATH";

/** One way to start the server, with the command that checks it works. */
export interface Candidate {
  readonly source: CandidateSource;
  readonly command: string;
  readonly args: readonly string[];
  readonly probeArgs: readonly string[];
}

export type ProbeResult =
  { readonly ok: true; readonly output: string } | { readonly ok: false; readonly reason: string };

/** Runs `command args` and reports whether it worked. */
export type Probe = (command: string, args: readonly string[]) => Promise<ProbeResult>;

export interface Failure {
  readonly candidate: Candidate;
  readonly reason: string;
}

export type Resolution =
  | {
      readonly kind: "found";
      readonly candidate: Candidate;
      readonly version: string;
      readonly failures: readonly Failure[];
    }
  | { readonly kind: "missing"; readonly failures: readonly Failure[] };

export const INSTALL_HINT = "pip install benchlint";

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
  const isBareName = !expanded.includes("/") && !expanded.includes("\\");
  if (isBareName || path.isAbsolute(expanded) || context.workspaceFolder === undefined) {
    return expanded;
  }
  return path.resolve(context.workspaceFolder, expanded);
}

/** The ways to start the server, in the order they are tried. */
export function candidates(settings: LaunchSettings, context: LaunchContext): Candidate[] {
  const found: Candidate[] = [];
  if (settings.path.trim() !== "") {
    found.push({
      source: "benchlint.path",
      command: expandPath(settings.path, context),
      args: ["lsp"],
      probeArgs: ["--version"],
    });
  }
  if (settings.interpreter.trim() !== "") {
    found.push({
      source: "benchlint.interpreter",
      command: expandPath(settings.interpreter, context),
      args: ["-m", "benchlint", "lsp"],
      probeArgs: ["-m", "benchlint", "--version"],
    });
  }
  found.push({ source: "PATH", command: "benchlint", args: ["lsp"], probeArgs: ["--version"] });
  return found;
}

/** Tries each candidate with `probe` and returns the first that answers like benchlint. */
export async function resolveServer(
  settings: LaunchSettings,
  context: LaunchContext,
  probe: Probe,
): Promise<Resolution> {
  const failures: Failure[] = [];
  for (const candidate of candidates(settings, context)) {
    const result = await probe(candidate.command, candidate.probeArgs);
    if (!result.ok) {
      failures.push({ candidate, reason: result.reason });
      continue;
    }
    // A configured path that is some other program (`python`, say) answers `--version` too.
    const version = result.output.trim().split(/\r?\n/)[0] ?? "";
    if (!/^benchlint\b/i.test(version)) {
      failures.push({
        candidate,
        reason: `answered ${JSON.stringify(version)} instead of a benchlint version`,
      });
      continue;
    }
    return { kind: "found", candidate, version, failures };
  }
  return { kind: "missing", failures };
}

/** The command line a candidate runs, for logs. */
export function commandLine(command: string, args: readonly string[]): string {
  const quote = (part: string): string => (/[\s"']/.test(part) ? JSON.stringify(part) : part);
  return [command, ...args].map(quote).join(" ");
}

/** The text for the output channel: every candidate tried and why it failed. */
export function describeFailures(failures: readonly Failure[]): string {
  const line = ({ candidate, reason }: Failure): string => {
    const probed = commandLine(candidate.command, candidate.probeArgs);
    return `- ${candidate.source}: \`${probed}\` ${reason}`;
  };
  return failures.map(line).join("\n");
}

/** The notification shown when no candidate works. */
export function missingServerMessage(failures: readonly Failure[]): string {
  const configured = failures.some(({ candidate }) => candidate.source !== "PATH");
  const setting = configured
    ? "check the benchlint.path or benchlint.interpreter setting"
    : "set benchlint.path to the benchlint executable";
  return (
    `benchlint: the language server could not be started. Install it with ` +
    `\`${INSTALL_HINT}\` in the Python environment VS Code runs from, or ${setting}.`
  );
}

/** The default `LaunchContext` for this machine. */
export function launchContext(workspaceFolder: string | undefined): LaunchContext {
  return { workspaceFolder, homeDir: os.homedir() };
}
