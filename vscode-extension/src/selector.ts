// Which documents the language client hands to the server: pure, unit-tested.

export const DEFAULT_GLOBS: readonly string[] = ["**/configs/benchmark/**/*.toml"];

export interface FileFilter {
  readonly scheme: "file";
  readonly pattern?: string;
  readonly language?: string;
}

/**
 * Selects config files by pattern, whatever language id another TOML extension gave them,
 * plus every `toml` document so that the server can serve files that opt in with a
 * `#:schema` first line; the server itself ignores the rest.
 */
export function documentSelector(globs: readonly string[] | undefined): FileFilter[] {
  const patterns = (globs ?? []).map((glob) => glob.trim()).filter((glob) => glob !== "");
  const unique = [...new Set(patterns.length > 0 ? patterns : DEFAULT_GLOBS)];
  return [
    ...unique.map((pattern): FileFilter => ({ scheme: "file", pattern })),
    { scheme: "file", language: "toml" },
  ];
}
