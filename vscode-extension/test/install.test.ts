import assert from "node:assert/strict";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { after, before, describe, it } from "node:test";

import {
  choosePython,
  installServer,
  type InstallStep,
  needsUpgrade,
  readPrivateEnvironment,
  STATE_FILE,
  staleEnvironments,
} from "../src/install";
import type { ProbeResult } from "../src/launch";

describe("choosePython", () => {
  const answers: Record<string, ProbeResult> = {
    "/usr/bin/python3.9": { ok: true, output: "3.9\n" },
    "/usr/bin/python3": { ok: true, output: "3.12\n" },
    "/broken/python": { ok: false, reason: "exited with status 1" },
  };
  const run = async (command: string): Promise<ProbeResult> =>
    answers[command] ?? { ok: false, reason: "failed: no such file" };

  it("takes the first Python that is 3.11 or newer, saying why the others were passed over", async () => {
    const result = await choosePython(
      [
        { label: "benchlint.interpreter", command: "/broken/python", args: [] },
        { label: "Python extension", command: "/usr/bin/python3.9", args: [] },
        { label: "PATH", command: "/usr/bin/python3", args: [] },
      ],
      run,
    );
    assert.deepEqual(result, {
      kind: "chosen",
      python: { label: "PATH", command: "/usr/bin/python3", args: [] },
      version: "3.12",
    });
  });

  it("lists what it tried when there is no suitable Python", async () => {
    const result = await choosePython(
      [
        { label: "PATH", command: "/usr/bin/python3.9", args: [] },
        { label: "PATH", command: "py", args: ["-3"] },
      ],
      run,
    );
    assert.deepEqual(result, {
      kind: "none",
      tried: [
        "PATH: /usr/bin/python3.9 is Python 3.9, older than 3.11",
        "PATH: py -3 failed: no such file",
      ],
    });
  });

  it("passes the interpreter's own arguments first (py -3)", async () => {
    const calls: string[][] = [];
    await choosePython([{ label: "PATH", command: "py", args: ["-3"] }], async (command, args) => {
      calls.push([command, ...args]);
      return { ok: true, output: "3.13" };
    });
    assert.deepEqual(calls[0]?.slice(0, 3), ["py", "-3", "-c"]);
  });
});

describe("staleEnvironments", () => {
  const hour = 60 * 60 * 1000;
  it("removes environments neither kept nor young, and nothing else", () => {
    const now = 10 * hour;
    const entries = [
      { name: "env-current", modifiedMs: 0 },
      { name: "env-previous", modifiedMs: 0 },
      { name: "env-abandoned", modifiedMs: now - 2 * hour },
      { name: "env-installing", modifiedMs: now - 60_000 },
      { name: "logs", modifiedMs: 0 },
    ];
    assert.deepEqual(staleEnvironments(entries, ["env-current", "env-previous"], now), [
      "env-abandoned",
    ]);
  });
});

describe("needsUpgrade", () => {
  it("upgrades when the installed version is not the extension's", () => {
    assert.equal(needsUpgrade({ python: "/p", version: "0.1.0" }, "0.2.0"), true);
    assert.equal(needsUpgrade({ python: "/p", version: "0.2.0" }, "0.2.0"), false);
    assert.equal(needsUpgrade({ python: "/p", version: "0.3.0" }, "0.2.0"), true);
  });
});

// The installer's steps with stand-ins for Python: a base "python3" whose `-m venv DIR` makes
// DIR/bin/python, a script that plays pip and benchlint. The real venv and pip run in the
// end-to-end test (tests/vscode), from a folder of wheels built from this repository.
describe("installServer", { skip: process.platform === "win32" }, () => {
  let root = "";
  let storage = "";
  let basePython = "";

  const ENV_PYTHON = `#!/bin/sh
here=$(dirname "$0")
case "$*" in
  "-m pip install benchlint=="*)
    echo "index: \${PIP_INDEX_URL:-default}"
    if [ -n "$FAKE_PIP_FAIL" ]; then
      echo "ERROR: Could not find a version that satisfies the requirement $4"
      echo "ERROR: No matching distribution found for $4" >&2
      exit 1
    fi
    if [ -n "$FAKE_PIP_HANG" ]; then echo "pip started"; exec sleep 30; fi
    echo "\${FAKE_INSTALLS:-\${4#benchlint==}}" > "$here/../installed"
    echo "Successfully installed benchlint"
    ;;
  "-m benchlint --version") echo "benchlint $(cat "$here/../installed")" ;;
  *) echo "unexpected: $*" >&2; exit 2 ;;
esac
`;

  function script(file: string, body: string): string {
    writeFileSync(file, body);
    chmodSync(file, 0o755);
    return file;
  }

  before(() => {
    root = mkdtempSync(path.join(tmpdir(), "benchlint-install-"));
    const envPython = script(path.join(root, "env-python"), ENV_PYTHON);
    basePython = script(
      path.join(root, "python3"),
      `#!/bin/sh\n[ "$1 $2" = "-m venv" ] || exit 3\nmkdir -p "$3/bin" && cp "${envPython}" "$3/bin/python"\n`,
    );
    storage = path.join(root, "storage");
  });

  after(() => {
    rmSync(root, { recursive: true, force: true });
  });

  function request(env: NodeJS.ProcessEnv = {}, extra: object = {}) {
    const steps: InstallStep[] = [];
    const lines: string[] = [];
    return {
      steps,
      lines,
      request: {
        storageDir: storage,
        version: "0.1.0",
        python: { label: "PATH", command: basePython, args: [] },
        env: { PATH: process.env["PATH"], ...env },
        onStep: (step: InstallStep) => steps.push(step),
        onOutput: (line: string) => lines.push(line),
        ...extra,
      },
    };
  }

  const environments = (): string[] =>
    readdirSync(storage).filter((name) => name.startsWith("env-"));

  it("installs, checks, then records the environment, with pip's environment untouched", async () => {
    const {
      request: install,
      steps,
      lines,
    } = request({ PIP_INDEX_URL: "https://mirror.example/simple" });
    const result = await installServer(install);
    assert.equal(result.kind, "installed");
    assert.deepEqual(steps, ["environment", "pip", "check"]);
    assert.ok(lines.includes("index: https://mirror.example/simple"), lines.join("\n"));
    const installed = readPrivateEnvironment(storage, "linux");
    assert.ok(installed !== undefined);
    assert.equal(installed.version, "0.1.0");
    assert.ok(result.kind === "installed" && result.environment.python === installed.python);
    assert.equal(environments().length, 1);
  });

  it("leaves the previous environment in use when pip fails, and reports pip's last lines", async () => {
    const before = readFileSync(path.join(storage, STATE_FILE), "utf8");
    const { request: install } = request({ FAKE_PIP_FAIL: "1" });
    const result = await installServer(install);
    assert.ok(result.kind === "failed");
    assert.equal(result.step, "pip");
    assert.match(result.summary, /pip install benchlint==0\.1\.0: exited with status 1/);
    assert.equal(
      result.lastLines.at(-1),
      "ERROR: No matching distribution found for benchlint==0.1.0",
    );
    assert.equal(readFileSync(path.join(storage, STATE_FILE), "utf8"), before);
    assert.equal(environments().length, 1, "the failed environment is removed");
  });

  it("refuses an environment whose server is not the version asked for", async () => {
    const { request: install } = request({ FAKE_INSTALLS: "0.0.1" });
    const result = await installServer(install);
    assert.ok(result.kind === "failed");
    assert.equal(result.step, "check");
    assert.match(result.summary, /answered "benchlint 0\.0\.1", not benchlint 0\.1\.0/);
    assert.equal(environments().length, 1);
  });

  it("stops pip and removes the environment when cancelled", async () => {
    const controller = new AbortController();
    const { request: install } = request(
      { FAKE_PIP_HANG: "1" },
      {
        signal: controller.signal,
        onOutput: (line: string) => {
          if (line === "pip started") controller.abort();
        },
      },
    );
    const result = await installServer(install);
    assert.deepEqual(result, { kind: "cancelled" });
    assert.equal(environments().length, 1);
    assert.equal(readPrivateEnvironment(storage, "linux")?.version, "0.1.0");
  });

  it("upgrades into a new environment and keeps the previous one for running servers", async () => {
    const first = readPrivateEnvironment(storage, "linux");
    const { request: install } = request({}, { version: "0.2.0" });
    const result = await installServer(install);
    assert.equal(result.kind, "installed");
    const second = readPrivateEnvironment(storage, "linux");
    assert.equal(second?.version, "0.2.0");
    assert.notEqual(second?.python, first?.python);
    assert.ok(first !== undefined && existsSync(first.python), "the previous environment stays");
    const state = JSON.parse(readFileSync(path.join(storage, STATE_FILE), "utf8")) as {
      previous?: string;
    };
    assert.equal(state.previous, path.basename(path.dirname(path.dirname(first.python))));
  });

  it("ignores a state file that names no environment", () => {
    const other = path.join(root, "other");
    mkdirSync(other);
    writeFileSync(path.join(other, STATE_FILE), '{"version": "0.1.0", "folder": "../escape"}');
    assert.equal(readPrivateEnvironment(other, "linux"), undefined);
    writeFileSync(path.join(other, STATE_FILE), "{not json");
    assert.equal(readPrivateEnvironment(other, "linux"), undefined);
    writeFileSync(path.join(other, STATE_FILE), '{"version": "0.1.0", "folder": "env-gone"}');
    assert.equal(readPrivateEnvironment(other, "linux"), undefined);
  });
});
