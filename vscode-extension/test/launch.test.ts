import assert from "node:assert/strict";
import * as path from "node:path";
import { describe, it } from "node:test";

import {
  candidates,
  describeFailures,
  expandPath,
  type LaunchContext,
  missingServerMessage,
  type Probe,
  type ProbeResult,
  resolveServer,
} from "../src/launch";

const workspace = path.resolve("/work/project");
const context: LaunchContext = { workspaceFolder: workspace, homeDir: path.resolve("/home/ada") };
const unset = { path: "", interpreter: "" };

/** A probe that answers from a table keyed by command, and records what it was asked. */
function fakeProbe(answers: Record<string, ProbeResult>): Probe & { calls: string[] } {
  const calls: string[] = [];
  const run = async (command: string, args: readonly string[]): Promise<ProbeResult> => {
    calls.push([command, ...args].join(" "));
    return answers[command] ?? { ok: false, reason: "failed: no such file" };
  };
  return Object.assign(run, { calls });
}

describe("expandPath", () => {
  it("expands ~ to the home folder", () => {
    assert.equal(
      expandPath("~/venv/bin/benchlint", context),
      path.join(context.homeDir, "venv/bin/benchlint"),
    );
  });

  it("substitutes ${workspaceFolder}", () => {
    assert.equal(
      expandPath("${workspaceFolder}/.venv/bin/python", context),
      `${workspace}/.venv/bin/python`,
    );
  });

  it("resolves a relative path against the workspace folder", () => {
    assert.equal(
      expandPath(".venv/bin/benchlint", context),
      path.join(workspace, ".venv/bin/benchlint"),
    );
  });

  it("leaves a bare name for the PATH lookup", () => {
    assert.equal(expandPath("python3", context), "python3");
  });

  it("leaves a relative path alone without a workspace", () => {
    assert.equal(expandPath("bin/benchlint", { homeDir: "/h" }), "bin/benchlint");
  });

  it("trims whitespace around a setting", () => {
    assert.equal(expandPath("  /opt/benchlint  ", context), "/opt/benchlint");
  });
});

describe("candidates", () => {
  it("falls back to benchlint on PATH when nothing is set", () => {
    assert.deepEqual(candidates(unset, context), [
      { source: "PATH", command: "benchlint", args: ["lsp"], probeArgs: ["--version"] },
    ]);
  });

  it("tries benchlint.path, then benchlint.interpreter, then PATH", () => {
    const found = candidates({ path: "/opt/bl", interpreter: "/usr/bin/python3" }, context);
    assert.deepEqual(
      found.map((c) => [c.source, c.command, c.args.join(" "), c.probeArgs.join(" ")]),
      [
        ["benchlint.path", "/opt/bl", "lsp", "--version"],
        ["benchlint.interpreter", "/usr/bin/python3", "-m benchlint lsp", "-m benchlint --version"],
        ["PATH", "benchlint", "lsp", "--version"],
      ],
    );
  });

  it("ignores settings that are only whitespace", () => {
    assert.equal(candidates({ path: "  ", interpreter: "" }, context).length, 1);
  });
});

describe("resolveServer", () => {
  it("uses the configured path when it answers like benchlint", async () => {
    const probe = fakeProbe({ "/opt/bl": { ok: true, output: "benchlint 0.1.0\n" } });
    const resolution = await resolveServer({ path: "/opt/bl", interpreter: "" }, context, probe);
    assert.equal(resolution.kind, "found");
    assert.ok(resolution.kind === "found");
    assert.equal(resolution.candidate.source, "benchlint.path");
    assert.equal(resolution.version, "benchlint 0.1.0");
    assert.deepEqual(resolution.failures, []);
    assert.deepEqual(probe.calls, ["/opt/bl --version"]);
  });

  it("falls back to the interpreter, then PATH, recording each failure", async () => {
    const probe = fakeProbe({ benchlint: { ok: true, output: "benchlint 0.2.0" } });
    const settings = { path: "/missing/bl", interpreter: "/usr/bin/python3" };
    const resolution = await resolveServer(settings, context, probe);
    assert.ok(resolution.kind === "found");
    assert.equal(resolution.candidate.source, "PATH");
    assert.deepEqual(
      resolution.failures.map((f) => f.candidate.source),
      ["benchlint.path", "benchlint.interpreter"],
    );
    assert.deepEqual(probe.calls, [
      "/missing/bl --version",
      "/usr/bin/python3 -m benchlint --version",
      "benchlint --version",
    ]);
  });

  it("rejects a program that is not benchlint", async () => {
    const probe = fakeProbe({ "/usr/bin/python3": { ok: true, output: "Python 3.11.7" } });
    const resolution = await resolveServer(
      { path: "/usr/bin/python3", interpreter: "" },
      context,
      probe,
    );
    assert.equal(resolution.kind, "missing");
    assert.match(
      resolution.failures[0]?.reason ?? "",
      /"Python 3\.11\.7" instead of a benchlint version/,
    );
  });

  it("reports missing with every failure when nothing works", async () => {
    const resolution = await resolveServer(unset, context, fakeProbe({}));
    assert.equal(resolution.kind, "missing");
    assert.equal(resolution.failures.length, 1);
    assert.equal(
      describeFailures(resolution.failures),
      "- PATH: `benchlint --version` failed: no such file",
    );
  });
});

describe("missingServerMessage", () => {
  it("says how to install benchlint", () => {
    const message = missingServerMessage([]);
    assert.match(message, /pip install benchlint/);
    assert.match(message, /set benchlint\.path/);
  });

  it("points at the settings when a configured command failed", () => {
    const [candidate] = candidates({ path: "/opt/bl", interpreter: "" }, context);
    assert.ok(candidate !== undefined);
    const message = missingServerMessage([{ candidate, reason: "failed" }]);
    assert.match(message, /check the benchlint\.path or benchlint\.interpreter setting/);
  });
});
