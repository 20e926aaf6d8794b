// Workspace Trust: in Restricted Mode nothing inside the workspace may run. Pure logic, free of
// the `vscode` module, unit-tested with `node --test`.

import * as path from "node:path";

export interface TrustContext {
  /** `vscode.workspace.isTrusted`: true when trust is granted or Workspace Trust is off. */
  readonly trusted: boolean;
  /** The workspace folders' paths. */
  readonly workspaceFolders: readonly string[];
  /** A file's real path (symbolic links resolved), or the path itself when it cannot be read. */
  readonly realpath: (file: string) => string;
  readonly platform: NodeJS.Platform;
}

function pathModule(platform: NodeJS.Platform): path.PlatformPath {
  return platform === "win32" ? path.win32 : path.posix;
}

/** Whether `file` is `folder` or inside it. Windows and macOS compare without case. */
export function isInside(file: string, folder: string, platform: NodeJS.Platform): boolean {
  const paths = pathModule(platform);
  const fold = (value: string): string =>
    platform === "win32" || platform === "darwin" ? value.toLowerCase() : value;
  const relative = paths.relative(fold(paths.resolve(folder)), fold(paths.resolve(file)));
  if (relative === "") {
    return true;
  }
  const up = relative === ".." || relative.startsWith(`..${paths.sep}`);
  return !up && !paths.isAbsolute(relative);
}

/**
 * Why `program` may not run while the workspace is not trusted, or undefined when it may:
 * a relative path (it would start in the workspace) or a file inside a workspace folder,
 * before or after symbolic links are resolved.
 */
export function restrictedReason(program: string, trust: TrustContext): string | undefined {
  if (trust.trusted) {
    return undefined;
  }
  const paths = pathModule(trust.platform);
  if (!paths.isAbsolute(program)) {
    return `${program} is not an absolute path`;
  }
  const programs = unique([program, trust.realpath(program)]);
  for (const folder of trust.workspaceFolders) {
    const folders = unique([folder, trust.realpath(folder)]);
    if (programs.some((file) => folders.some((root) => isInside(file, root, trust.platform)))) {
      return `${program} is inside the workspace folder ${folder}`;
    }
  }
  return undefined;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

export interface PathLookup {
  /** The `PATH` variable. */
  readonly pathVariable: string | undefined;
  /** Windows' `PATHEXT` (extensions tried after a bare name). */
  readonly pathExtensions?: string | undefined;
  readonly platform: NodeJS.Platform;
  /** Whether a file exists and can be run. */
  readonly isExecutable: (file: string) => boolean;
}

export interface PathResult {
  /** The first usable match, as an absolute path. */
  readonly found?: string;
  /** Matches passed over, each with the reason. */
  readonly skipped: readonly string[];
}

/**
 * Finds a program on `PATH` the way a shell would, but only in absolute folders (a relative
 * entry such as `.` would look in the workspace), and, in Restricted Mode, never inside the
 * workspace (an activated `.venv/bin` on `PATH`). The result is an absolute path, so that
 * starting it does not search again (Windows looks in the current folder first).
 */
export function findOnPath(name: string, lookup: PathLookup, trust: TrustContext): PathResult {
  const paths = pathModule(lookup.platform);
  const delimiter = lookup.platform === "win32" ? ";" : ":";
  const extensions =
    lookup.platform === "win32"
      ? (lookup.pathExtensions ?? ".COM;.EXE;.BAT;.CMD").split(";").filter(Boolean)
      : [""];
  const skipped: string[] = [];
  for (const rawFolder of (lookup.pathVariable ?? "").split(delimiter)) {
    const folder = rawFolder.replace(/^"(.*)"$/, "$1");
    if (folder === "" || !paths.isAbsolute(folder)) {
      continue;
    }
    for (const extension of extensions) {
      const file = paths.join(folder, name + extension);
      if (!lookup.isExecutable(file)) {
        continue;
      }
      const reason = restrictedReason(file, trust);
      if (reason !== undefined) {
        skipped.push(`${file} (Restricted Mode: ${reason})`);
        continue;
      }
      return { found: file, skipped };
    }
  }
  return { skipped };
}

/**
 * Settings that name a file or choose files, which a workspace could point outside itself or
 * at a file it controls: in Restricted Mode only their user-level values count. Kept equal to
 * `capabilities.untrustedWorkspaces.restrictedConfigurations` in package.json (a test checks).
 */
export const RESTRICTED_SETTINGS: readonly string[] = [
  "path",
  "interpreter",
  "configFile",
  "catalog",
  "secretsList",
  "globs",
  "osmosisPath",
];

/**
 * The `benchlint` section as the server may see it: in Restricted Mode each restricted setting
 * is its user-level value (`userValue`), or left out when the user has set none, whatever the
 * workspace says. VS Code already drops workspace values of restricted settings; this does not
 * rely on it (nor on every VS Code version doing so for `workspace/configuration`).
 */
export function restrictedSection(
  section: unknown,
  userValue: (key: string) => unknown,
  trusted: boolean,
): unknown {
  if (trusted || section === null || typeof section !== "object" || Array.isArray(section)) {
    return section;
  }
  const out: Record<string, unknown> = { ...(section as Record<string, unknown>) };
  for (const key of RESTRICTED_SETTINGS) {
    const value = userValue(key);
    if (value === undefined) {
      delete out[key];
    } else {
      out[key] = value;
    }
  }
  return out;
}
