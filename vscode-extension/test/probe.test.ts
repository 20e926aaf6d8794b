import assert from "node:assert/strict";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { after, before, describe, it } from "node:test";

import { runProbe } from "../src/probe";

// Real child processes: small shell scripts standing in for benchlint.
describe("runProbe", { skip: process.platform === "win32" }, () => {
  let folder = "";

  function script(name: string, body: string, mode = 0o755): string {
    const file = path.join(folder, name);
    writeFileSync(file, `#!/bin/sh\n${body}\n`);
    chmodSync(file, mode);
    return file;
  }

  before(() => {
    folder = mkdtempSync(path.join(tmpdir(), "benchlint-probe-"));
  });

  after(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it("returns the output of a command that succeeds", async () => {
    const result = await runProbe(script("ok", 'echo "benchlint 0.1.0"'), ["--version"]);
    assert.deepEqual(result, { ok: true, output: "benchlint 0.1.0\n" });
  });

  it("reads the version from stderr when stdout is empty", async () => {
    const result = await runProbe(script("stderr", 'echo "benchlint 0.1.0" >&2'), ["--version"]);
    assert.deepEqual(result, { ok: true, output: "benchlint 0.1.0\n" });
  });

  it("says when the file does not exist", async () => {
    const result = await runProbe(path.join(folder, "absent"), ["--version"]);
    assert.deepEqual(result, {
      ok: false,
      reason: "failed: no such file (not installed, or not on PATH)",
    });
  });

  it("says when the file is not executable", async () => {
    const result = await runProbe(script("plain", "true", 0o644), ["--version"]);
    assert.deepEqual(result, { ok: false, reason: "failed: the file is not executable" });
  });

  it("gives the exit status and the end of stderr", async () => {
    const body = 'echo "Traceback" >&2; echo "No module named benchlint" >&2; exit 1';
    const result = await runProbe(script("fails", body), ["-m", "benchlint"]);
    assert.deepEqual(result, {
      ok: false,
      reason: "exited with status 1: Traceback | No module named benchlint",
    });
  });

  it("runs with PYTHONSAFEPATH=1, so python -m never imports from the workspace", async () => {
    const result = await runProbe(script("env", 'echo "safe path: $PYTHONSAFEPATH"'), []);
    assert.deepEqual(result, { ok: true, output: "safe path: 1\n" });
  });

  it("gives up on a command that never answers", async () => {
    const result = await runProbe(script("hangs", "exec sleep 30"), [], 200);
    assert.deepEqual(result, { ok: false, reason: "failed: no answer within 0.2 s" });
  });
});
