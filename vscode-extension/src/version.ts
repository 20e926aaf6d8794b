// Server versions: what `benchlint --version` says, and which servers this extension supports.
// Pure logic, free of the `vscode` module, unit-tested with `node --test`.

/**
 * The oldest benchlint whose language server this extension works with. Older servers still
 * start, with a warning that offers the private install of the matching version.
 */
export const MINIMUM_SERVER_VERSION = "0.1.0";

/** A PEP 440 version reduced to what ordering needs. */
interface ParsedVersion {
  readonly release: readonly number[];
  /** dev < alpha < beta < release candidate < final (0) < post. */
  readonly phase: number;
  readonly phaseNumber: number;
}

const VERSION =
  /^v?(\d+(?:\.\d+)*)(?:[-_.]?(dev|a|alpha|b|beta|c|rc|pre|preview|post)[-_.]?(\d*))?/i;

const PHASES: Readonly<Record<string, number>> = {
  dev: -4,
  a: -3,
  alpha: -3,
  b: -2,
  beta: -2,
  c: -1,
  rc: -1,
  pre: -1,
  preview: -1,
  post: 1,
};

function parse(version: string): ParsedVersion | undefined {
  const match = VERSION.exec(version.trim());
  if (match === null) {
    return undefined;
  }
  const release = (match[1] ?? "").split(".").map(Number);
  const phase = PHASES[(match[2] ?? "").toLowerCase()] ?? 0;
  return { release, phase, phaseNumber: Number(match[3] || "0") };
}

/** The version in a `--version` answer: `benchlint 0.1.0` gives `0.1.0`. */
export function versionOf(answer: string): string | undefined {
  const match = /^benchlint\s+v?(\d[^\s,;)]*)/i.exec(answer.trim());
  return match?.[1];
}

/**
 * Compares two versions: negative when `a` is older, 0 when equal, positive when newer.
 * Undefined when either cannot be read.
 */
export function compareVersions(a: string, b: string): number | undefined {
  const left = parse(a);
  const right = parse(b);
  if (left === undefined || right === undefined) {
    return undefined;
  }
  const length = Math.max(left.release.length, right.release.length);
  for (let index = 0; index < length; index += 1) {
    const difference = (left.release[index] ?? 0) - (right.release[index] ?? 0);
    if (difference !== 0) {
      return difference;
    }
  }
  return left.phase - right.phase || left.phaseNumber - right.phaseNumber;
}

/** Whether a server of this version is older than the extension supports. An unreadable
 * version is not called old: the server answered like benchlint, so it is tried. */
export function isTooOld(version: string, minimum: string = MINIMUM_SERVER_VERSION): boolean {
  const comparison = compareVersions(version, minimum);
  return comparison !== undefined && comparison < 0;
}

/** Whether two versions are the same release (`0.1.0` and `0.1` are). */
export function sameVersion(a: string, b: string): boolean {
  return compareVersions(a, b) === 0;
}
