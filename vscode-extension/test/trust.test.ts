import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  findOnPath,
  isInside,
  RESTRICTED_SETTINGS,
  restrictedReason,
  restrictedSection,
  type TrustContext,
} from "../src/trust";

const untrusted: TrustContext = {
  trusted: false,
  workspaceFolders: ["/work/project"],
  realpath: (file) => file,
  platform: "linux",
};

describe("isInside", () => {
  it("knows a folder contains itself and what is below it", () => {
    assert.equal(isInside("/work/project", "/work/project", "linux"), true);
    assert.equal(isInside("/work/project/.venv/bin/python", "/work/project", "linux"), true);
    assert.equal(isInside("/work/project/a/../b", "/work/project", "linux"), true);
  });

  it("does not take a sibling with the same prefix, a parent, or a dotted name for inside", () => {
    assert.equal(isInside("/work/project2/bl", "/work/project", "linux"), false);
    assert.equal(isInside("/work", "/work/project", "linux"), false);
    assert.equal(isInside("/work/project/../x", "/work/project", "linux"), false);
    assert.equal(isInside("/work/..project/bl", "/work", "linux"), true);
  });

  it("ignores case on Windows and macOS, not on Linux", () => {
    assert.equal(isInside("C:\\Work\\Project\\.venv", "c:\\work\\project", "win32"), true);
    assert.equal(isInside("D:\\work\\project", "C:\\work\\project", "win32"), false);
    assert.equal(isInside("/Users/Ada/Proj/bl", "/users/ada/proj", "darwin"), true);
    assert.equal(isInside("/Work/Project/bl", "/work/project", "linux"), false);
  });
});

describe("restrictedReason", () => {
  it("allows everything in a trusted workspace", () => {
    assert.equal(
      restrictedReason("/work/project/.venv/bin/python", { ...untrusted, trusted: true }),
      undefined,
    );
  });

  it("refuses a program inside any workspace folder, or a relative path", () => {
    const trust = { ...untrusted, workspaceFolders: ["/a", "/work/project"] };
    assert.equal(
      restrictedReason("/work/project/tools/bl", trust),
      "/work/project/tools/bl is inside the workspace folder /work/project",
    );
    assert.equal(restrictedReason("tools/bl", trust), "tools/bl is not an absolute path");
    assert.equal(restrictedReason("/usr/bin/benchlint", trust), undefined);
  });

  it("looks through symbolic links, the program's and the folder's", () => {
    const links: Record<string, string> = {
      "/home/ada/bl": "/work/project/bl",
      "/work/link": "/work/project",
    };
    const trust = { ...untrusted, realpath: (file: string) => links[file] ?? file };
    assert.match(restrictedReason("/home/ada/bl", trust) ?? "", /inside the workspace/);
    const opened = { ...trust, workspaceFolders: ["/work/link"] };
    assert.match(restrictedReason("/work/project/bl", opened) ?? "", /inside the workspace/);
  });
});

describe("findOnPath", () => {
  const files = new Set(["/usr/bin/benchlint", "/work/project/.venv/bin/benchlint"]);
  const lookup = (pathVariable: string) => ({
    pathVariable,
    platform: "linux" as const,
    isExecutable: (file: string) => files.has(file),
  });

  it("finds the first match, as an absolute path", () => {
    const trusted = { ...untrusted, trusted: true };
    assert.deepEqual(findOnPath("benchlint", lookup("/opt:/usr/bin"), trusted), {
      found: "/usr/bin/benchlint",
      skipped: [],
    });
  });

  it("never looks in a relative PATH entry", () => {
    const seen: string[] = [];
    const result = findOnPath(
      "benchlint",
      {
        pathVariable: ".:bin::/usr/bin",
        platform: "linux",
        isExecutable: (file) => {
          seen.push(file);
          return true;
        },
      },
      { ...untrusted, trusted: true },
    );
    assert.deepEqual(seen, ["/usr/bin/benchlint"]);
    assert.equal(result.found, "/usr/bin/benchlint");
  });

  it("in Restricted Mode, passes over folders inside the workspace and says so", () => {
    const result = findOnPath("benchlint", lookup("/work/project/.venv/bin:/usr/bin"), untrusted);
    assert.equal(result.found, "/usr/bin/benchlint");
    assert.equal(result.skipped.length, 1);
    assert.match(result.skipped[0] ?? "", /^\/work\/project\/\.venv\/bin\/benchlint \(Restricted/);
  });

  it("tries PATHEXT's extensions on Windows", () => {
    const result = findOnPath(
      "py",
      {
        pathVariable: 'C:\\Tools;"C:\\Windows"',
        pathExtensions: ".COM;.EXE",
        platform: "win32",
        isExecutable: (file) => file === "C:\\Windows\\py.EXE",
      },
      { ...untrusted, trusted: true, platform: "win32" },
    );
    assert.equal(result.found, "C:\\Windows\\py.EXE");
  });
});

describe("restrictedSection", () => {
  const section = {
    profile: "docs",
    catalog: ["../../home/ada/.config/x.json"],
    secretsList: ["/etc/passwd"],
    globs: ["**/*"],
    configFile: "evil.toml",
    path: "./bl",
  };
  const user: Record<string, unknown> = { catalog: ["/home/ada/catalog.json"] };

  it("passes everything through in a trusted workspace", () => {
    assert.deepEqual(
      restrictedSection(section, (key) => user[key], true),
      section,
    );
  });

  it("keeps only the user's values of settings that name files in Restricted Mode", () => {
    assert.deepEqual(
      restrictedSection(section, (key) => user[key], false),
      {
        profile: "docs",
        catalog: ["/home/ada/catalog.json"],
      },
    );
  });

  it("covers every restricted setting and leaves a non-object answer alone", () => {
    assert.deepEqual([...RESTRICTED_SETTINGS].sort(), [
      "catalog",
      "configFile",
      "globs",
      "interpreter",
      "osmosisPath",
      "path",
      "secretsList",
    ]);
    assert.equal(
      restrictedSection(null, () => undefined, false),
      null,
    );
  });
});
