import assert from "node:assert/strict";
import * as path from "node:path";
import { describe, it } from "node:test";

import {
  type Attempt,
  type Candidate,
  describeAttempts,
  expandPath,
  findServer,
  type LaunchContext,
  type LaunchInputs,
  missingServerMessage,
  oldServerMessage,
  type Place,
  places,
  type Probe,
  type ProbeResult,
  type PythonSelection,
  resolveServer,
} from "../src/launch";

const workspace = "/work/project";
const home = "/home/ada";
const context: LaunchContext = { workspaceFolder: workspace, homeDir: home };

/** Inputs with nothing available, overridden per test; POSIX paths on every platform. */
function inputs(overrides: Partial<LaunchInputs> & { files?: string[] } = {}): LaunchInputs {
  const files = new Set(overrides.files ?? []);
  return {
    settings: { path: "", interpreter: "" },
    workspaceFolder: workspace,
    homeDir: home,
    python: { kind: "absent" },
    privateEnvironment: undefined,
    trust: {
      trusted: true,
      workspaceFolders: [workspace],
      realpath: (file) => file,
      platform: "linux",
    },
    pathLookup: {
      pathVariable: "/usr/local/bin:/usr/bin",
      platform: "linux",
      isExecutable: (file) => files.has(file),
    },
    exists: (file) => files.has(file),
    ...overrides,
  };
}

function restricted(base: LaunchInputs): LaunchInputs {
  return { ...base, trust: { ...base.trust, trusted: false } };
}

/** Each place as "source: command args" or "source: (why not)". */
function show(found: readonly Place[]): string[] {
  return found.map((entry) =>
    "candidate" in entry
      ? `${entry.source}: ${[entry.candidate.command, ...entry.candidate.args].join(" ")}`
      : `${entry.source}: (${entry.unavailable})`,
  );
}

/** A probe that answers from a table keyed by command, and records what it was asked. */
function fakeProbe(answers: Record<string, ProbeResult>): Probe & { calls: string[] } {
  const calls: string[] = [];
  const run = async (command: string, args: readonly string[]): Promise<ProbeResult> => {
    calls.push([command, ...args].join(" "));
    return answers[command] ?? { ok: false, reason: "failed: no such file" };
  };
  return Object.assign(run, { calls });
}

function candidate(source: Candidate["source"], command: string, python = false): Place {
  const args = python ? ["-m", "benchlint", "lsp"] : ["lsp"];
  const probeArgs = python ? ["-m", "benchlint", "--version"] : ["--version"];
  return { source, candidate: { source, command, args, probeArgs } };
}

const everything = inputs({
  settings: { path: "/opt/bl/benchlint", interpreter: "/opt/py/bin/python3" },
  python: { kind: "selected", python: "/home/ada/.venvs/tools/bin/python" },
  privateEnvironment: { python: "/storage/env-1/bin/python", version: "0.1.0" },
  files: [
    `${workspace}/.venv/bin/python`,
    `${workspace}/venv/bin/python`,
    "/usr/bin/benchlint",
    "/usr/bin/python3",
  ],
});

describe("expandPath", () => {
  it("expands ~ to the home folder", () => {
    assert.equal(
      expandPath("~/venv/bin/benchlint", context),
      path.join(home, "venv/bin/benchlint"),
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
      path.resolve(workspace, ".venv/bin/benchlint"),
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

describe("places", () => {
  it("looks in seven places, in order, and says why each has nothing", () => {
    assert.deepEqual(show(places(inputs())), [
      "benchlint.path: (not set)",
      "benchlint.interpreter: (not set)",
      "Python extension: (not installed)",
      `workspace .venv: (no ${workspace}/.venv/bin/python)`,
      `workspace venv: (no ${workspace}/venv/bin/python)`,
      "private environment: (not installed (command: benchlint: Install or Update Server))",
      "PATH: (no benchlint on PATH)",
    ]);
  });

  it("orders path, interpreter, Python extension, .venv, venv, private environment, PATH", () => {
    assert.deepEqual(show(places(everything)), [
      "benchlint.path: /opt/bl/benchlint lsp",
      "benchlint.interpreter: /opt/py/bin/python3 -m benchlint lsp",
      "Python extension: /home/ada/.venvs/tools/bin/python -m benchlint lsp",
      `workspace .venv: ${workspace}/.venv/bin/python -m benchlint lsp`,
      `workspace venv: ${workspace}/venv/bin/python -m benchlint lsp`,
      "private environment: /storage/env-1/bin/python -m benchlint lsp",
      "PATH: /usr/bin/benchlint lsp",
    ]);
  });

  it("looks a bare name in a setting up on PATH, and runs it by its full path", () => {
    const found = places(
      inputs({ settings: { path: "", interpreter: "python3" }, files: ["/usr/bin/python3"] }),
    );
    assert.equal(show(found)[1], "benchlint.interpreter: /usr/bin/python3 -m benchlint lsp");
    const missing = places(inputs({ settings: { path: "", interpreter: "python9" } }));
    assert.equal(show(missing)[1], "benchlint.interpreter: (python9 is not on PATH)");
  });

  it("tries the workspace's .venv once when the Python extension selected it", () => {
    const venv = `${workspace}/.venv/bin/python`;
    const found = places(inputs({ python: { kind: "selected", python: venv }, files: [venv] }));
    assert.deepEqual(show(found).slice(2, 4), [
      `Python extension: ${venv} -m benchlint lsp`,
      "workspace .venv: (the same server as Python extension)",
    ]);
  });

  it("says why the Python extension has no environment", () => {
    const found = places(inputs({ python: { kind: "unavailable", reason: "no answer: timeout" } }));
    assert.equal(show(found)[2], "Python extension: (no answer: timeout)");
  });

  it("without a workspace folder, has no .venv to look at", () => {
    const found = places(inputs({ workspaceFolder: undefined }));
    assert.deepEqual(show(found).slice(3, 5), [
      "workspace .venv: (no workspace folder)",
      "workspace venv: (no workspace folder)",
    ]);
  });
});

describe("places in Restricted Mode", () => {
  it("runs nothing inside the workspace, and everything else", () => {
    const found = places(
      restricted({
        ...everything,
        settings: {
          path: "${workspaceFolder}/tools/benchlint",
          interpreter: "/opt/py/bin/python3",
        },
        python: { kind: "selected", python: `${workspace}/.venv/bin/python` },
      }),
    );
    const inside = `is inside the workspace folder ${workspace}`;
    assert.deepEqual(show(found), [
      `benchlint.path: (not used in Restricted Mode: ${workspace}/tools/benchlint ${inside})`,
      "benchlint.interpreter: /opt/py/bin/python3 -m benchlint lsp",
      `Python extension: (not used in Restricted Mode: ${workspace}/.venv/bin/python ${inside})`,
      `workspace .venv: (not used in Restricted Mode: ${workspace}/.venv/bin/python ${inside})`,
      `workspace venv: (not used in Restricted Mode: ${workspace}/venv/bin/python ${inside})`,
      "private environment: /storage/env-1/bin/python -m benchlint lsp",
      "PATH: /usr/bin/benchlint lsp",
    ]);
  });

  it("refuses a relative path, which would start in the workspace", () => {
    const found = places(restricted(inputs({ settings: { path: "bin/bl", interpreter: "" } })));
    assert.match(show(found)[0] ?? "", /not used in Restricted Mode: .*bin\/bl is inside/);
    const noFolder = places(
      restricted(
        inputs({ workspaceFolder: undefined, settings: { path: "bin/bl", interpreter: "" } }),
      ),
    );
    assert.match(show(noFolder)[0] ?? "", /bin\/bl is not an absolute path/);
  });

  it("refuses a program outside that links into the workspace", () => {
    const base = inputs({ settings: { path: "/home/ada/bin/bl", interpreter: "" } });
    const linked = restricted({
      ...base,
      trust: {
        ...base.trust,
        realpath: (file) => (file === "/home/ada/bin/bl" ? `${workspace}/bl` : file),
      },
    });
    assert.match(show(places(linked))[0] ?? "", /not used in Restricted Mode/);
    assert.equal(show(places(base))[0], "benchlint.path: /home/ada/bin/bl lsp");
  });

  it("passes over a PATH folder inside the workspace (an activated .venv)", () => {
    const venvBin = `${workspace}/.venv/bin`;
    const base = inputs({
      pathLookup: {
        pathVariable: `${venvBin}:/usr/bin`,
        platform: "linux",
        isExecutable: (file) => file === `${venvBin}/benchlint` || file === "/usr/bin/benchlint",
      },
    });
    assert.equal(show(places(base))[6], `PATH: ${venvBin}/benchlint lsp`);
    const shown = show(places(restricted(base)))[6] ?? "";
    assert.equal(shown, "PATH: /usr/bin/benchlint lsp");
  });

  it("says so when the only benchlint on PATH is inside the workspace", () => {
    const venvBin = `${workspace}/.venv/bin`;
    const found = places(
      restricted(
        inputs({
          pathLookup: {
            pathVariable: venvBin,
            platform: "linux",
            isExecutable: (file) => file === `${venvBin}/benchlint`,
          },
        }),
      ),
    );
    assert.match(
      show(found)[6] ?? "",
      /^PATH: \(no benchlint on PATH \(passed over: .*Restricted Mode/,
    );
  });
});

describe("resolveServer", () => {
  it("uses the first place that answers like benchlint, and tries no further", async () => {
    const probe = fakeProbe({
      "/py/python": { ok: true, output: "benchlint 0.1.0\n" },
      "/usr/bin/benchlint": { ok: true, output: "benchlint 0.1.0\n" },
    });
    const resolution = await resolveServer(
      [
        candidate("benchlint.path", "/missing/bl"),
        { source: "benchlint.interpreter", unavailable: "not set" },
        candidate("Python extension", "/py/python", true),
        candidate("PATH", "/usr/bin/benchlint"),
      ],
      probe,
    );
    assert.ok(resolution.kind === "found");
    assert.equal(resolution.candidate.source, "Python extension");
    assert.equal(resolution.version, "0.1.0");
    assert.equal(resolution.tooOld, false);
    assert.deepEqual(probe.calls, ["/missing/bl --version", "/py/python -m benchlint --version"]);
    assert.deepEqual(
      resolution.attempts.map((a) => [a.source, a.outcome, a.detail]),
      [
        ["benchlint.path", "failed", "failed: no such file"],
        ["benchlint.interpreter", "skipped", "not set"],
        ["Python extension", "used", "benchlint 0.1.0"],
        ["PATH", "skipped", "not tried"],
      ],
    );
  });

  it("rejects a program that is not benchlint", async () => {
    const probe = fakeProbe({ "/usr/bin/python3": { ok: true, output: "Python 3.11.7" } });
    const resolution = await resolveServer(
      [candidate("benchlint.path", "/usr/bin/python3")],
      probe,
    );
    assert.equal(resolution.kind, "missing");
    assert.match(
      resolution.attempts[0]?.detail ?? "",
      /"Python 3\.11\.7" instead of a benchlint version/,
    );
  });

  it("passes over a server older than supported when a later one is new enough", async () => {
    const probe = fakeProbe({
      "/old/bl": { ok: true, output: "benchlint 0.0.9" },
      "/env/python": { ok: true, output: "benchlint 0.1.0" },
    });
    const resolution = await resolveServer(
      [
        candidate("benchlint.path", "/old/bl"),
        candidate("private environment", "/env/python", true),
      ],
      probe,
      "0.1.0",
    );
    assert.ok(resolution.kind === "found");
    assert.equal(resolution.candidate.command, "/env/python");
    assert.equal(resolution.tooOld, false);
    assert.deepEqual(
      resolution.attempts.map((a) => a.outcome),
      ["too old", "used"],
    );
    assert.equal(
      resolution.attempts[0]?.detail,
      "benchlint 0.0.9, older than 0.1.0 that this extension needs",
    );
  });

  it("uses the first old server when there is nothing newer, and says it is too old", async () => {
    const probe = fakeProbe({
      "/old/bl": { ok: true, output: "benchlint 0.0.9" },
      "/older/bl": { ok: true, output: "benchlint 0.0.1" },
    });
    const resolution = await resolveServer(
      [candidate("benchlint.path", "/old/bl"), candidate("PATH", "/older/bl")],
      probe,
      "0.1.0",
    );
    assert.ok(resolution.kind === "found");
    assert.equal(resolution.candidate.command, "/old/bl");
    assert.equal(resolution.version, "0.0.9");
    assert.equal(resolution.tooOld, true);
    assert.deepEqual(
      resolution.attempts.map((a) => a.outcome),
      ["used", "too old"],
    );
  });

  it("reports missing, with every place, when nothing works", async () => {
    const resolution = await resolveServer(
      [
        { source: "benchlint.path", unavailable: "not set" },
        candidate("PATH", "/usr/bin/benchlint"),
      ],
      fakeProbe({}),
    );
    assert.equal(resolution.kind, "missing");
    assert.equal(
      describeAttempts(resolution.attempts),
      [
        "  1. benchlint.path: not set",
        "  2. PATH: `/usr/bin/benchlint --version` failed: no such file",
      ].join("\n"),
    );
  });
});

describe("findServer", () => {
  const { python: _unused, ...withoutPython } = everything;
  const asker = (answer: PythonSelection) => {
    const asked: number[] = [];
    return Object.assign(
      async () => {
        asked.push(1);
        return answer;
      },
      { asked },
    );
  };

  it("does not ask the Python extension when a setting names a working server", async () => {
    const python = asker({ kind: "selected", python: "/py/python" });
    const probe = fakeProbe({ "/opt/bl/benchlint": { ok: true, output: "benchlint 0.1.0" } });
    const resolution = await findServer(withoutPython, python, probe);
    assert.ok(resolution.kind === "found");
    assert.equal(resolution.candidate.source, "benchlint.path");
    assert.equal(python.asked.length, 0);
    assert.deepEqual(
      resolution.attempts.map((a) => `${a.source}: ${a.outcome}`),
      [
        "benchlint.path: used",
        "benchlint.interpreter: skipped",
        "Python extension: skipped",
        "workspace .venv: skipped",
        "workspace venv: skipped",
        "private environment: skipped",
        "PATH: skipped",
      ],
    );
  });

  it("asks it when the settings have nothing, probing each command once", async () => {
    const python = asker({ kind: "selected", python: "/py/python" });
    const probe = fakeProbe({ "/py/python": { ok: true, output: "benchlint 0.1.0" } });
    const resolution = await findServer(withoutPython, python, probe);
    assert.ok(resolution.kind === "found");
    assert.equal(resolution.candidate.source, "Python extension");
    assert.equal(python.asked.length, 1);
    assert.deepEqual(probe.calls, [
      "/opt/bl/benchlint --version",
      "/opt/py/bin/python3 -m benchlint --version",
      "/py/python -m benchlint --version",
    ]);
  });

  it("asks it when the settings name only a server that is too old", async () => {
    const python = asker({ kind: "selected", python: "/py/python" });
    const probe = fakeProbe({
      "/opt/bl/benchlint": { ok: true, output: "benchlint 0.0.1" },
      "/py/python": { ok: true, output: "benchlint 0.1.0" },
    });
    const resolution = await findServer(withoutPython, python, probe, "0.1.0");
    assert.ok(resolution.kind === "found");
    assert.equal(resolution.candidate.source, "Python extension");
    assert.equal(resolution.attempts[0]?.outcome, "too old");
  });
});

describe("describeAttempts", () => {
  it("numbers the places and marks the one used", () => {
    const attempts: Attempt[] = [
      { source: "benchlint.path", outcome: "skipped", detail: "not set" },
      {
        source: "private environment",
        candidate: {
          source: "private environment",
          command: "/s/env/bin/python",
          args: ["-m", "benchlint", "lsp"],
          probeArgs: ["-m", "benchlint", "--version"],
        },
        outcome: "used",
        detail: "benchlint 0.1.0",
        version: "0.1.0",
      },
      { source: "PATH", outcome: "skipped", detail: "not tried" },
    ];
    assert.equal(
      describeAttempts(attempts),
      [
        "  1. benchlint.path: not set",
        "  2. private environment: `/s/env/bin/python -m benchlint --version` benchlint 0.1.0 <- used",
        "  3. PATH: not tried",
      ].join("\n"),
    );
  });
});

describe("messages", () => {
  it("offers the install of the extension's version when no server is found", () => {
    const message = missingServerMessage("0.1.0", false);
    assert.match(message, /no language server found\. Install benchlint 0\.1\.0 with pip/);
    assert.match(message, /set benchlint\.path/);
    assert.doesNotMatch(message, /Restricted Mode/);
    assert.match(missingServerMessage("0.1.0", true), /Restricted Mode/);
  });

  it("names both versions when the server is too old", () => {
    const old = candidate("PATH", "/usr/bin/benchlint");
    assert.ok("candidate" in old);
    const message = oldServerMessage(old.candidate, "0.0.9", "0.2.0", "0.1.0");
    assert.match(
      message,
      /\/usr\/bin\/benchlint \(PATH\) is benchlint 0\.0\.9, older than 0\.1\.0/,
    );
    assert.match(message, /Install benchlint 0\.2\.0/);
  });
});
