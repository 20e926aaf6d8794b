// Runs a candidate's `--version` command to find out whether it can start the server.

import { execFile } from "node:child_process";

import type { Probe, ProbeResult } from "./launch";

/** A slow first import (a cold venv) can take seconds; a hung program must not block forever. */
export const PROBE_TIMEOUT_MS = 20_000;

/**
 * The environment every server and probe runs with: this process's, plus PYTHONSAFEPATH=1 so
 * that `python -m benchlint` does not put the current folder (the workspace) first on
 * `sys.path`, where a `benchlint/` folder of the repository would be imported instead.
 */
export function serverEnvironment(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...base, PYTHONSAFEPATH: "1" };
}

function lastLines(text: string, count: number): string {
  return text.trim().split(/\r?\n/).slice(-count).join(" | ");
}

/** Runs `command args` without a shell and reports its first output or why it failed. */
export function runProbe(
  command: string,
  args: readonly string[],
  timeoutMs: number = PROBE_TIMEOUT_MS,
): Promise<ProbeResult> {
  return new Promise((resolve) => {
    execFile(
      command,
      [...args],
      { timeout: timeoutMs, windowsHide: true, encoding: "utf8", env: serverEnvironment() },
      (error, stdout, stderr) => {
        if (error === null) {
          resolve({ ok: true, output: stdout.trim() !== "" ? stdout : stderr });
          return;
        }
        resolve({ ok: false, reason: probeFailure(error, stderr, timeoutMs) });
      },
    );
  });
}

interface ExecError extends Error {
  code?: string | number | null;
  killed?: boolean;
  signal?: NodeJS.Signals | null;
}

function probeFailure(error: ExecError, stderr: string, timeoutMs: number): string {
  if (error.code === "ENOENT") {
    return "failed: no such file (not installed, or not on PATH)";
  }
  if (error.code === "EACCES") {
    return "failed: the file is not executable";
  }
  if (error.killed === true || error.signal === "SIGTERM") {
    return `failed: no answer within ${timeoutMs / 1000} s`;
  }
  const detail = lastLines(stderr, 3);
  const status = typeof error.code === "number" ? `exited with status ${error.code}` : "failed";
  return detail === "" ? status : `${status}: ${detail}`;
}

export const probe: Probe = (command, args) => runProbe(command, args);
