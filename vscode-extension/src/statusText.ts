// The status bar item's tooltip: pure, unit-tested.

export interface StatusInfo {
  readonly state: "starting" | "installing" | "running" | "failed" | "stopped";
  /** What is happening or went wrong ("language server not found"). */
  readonly detail?: string;
  /** The server in use: its version, command line and where it was found. */
  readonly version?: string;
  /** The version in the server's `initialize` answer (serverInfo), when it differs. */
  readonly reportedVersion?: string;
  readonly commandLine?: string;
  readonly source?: string;
  /** The server is older than the extension supports. */
  readonly tooOld?: boolean;
  /** The workspace is not trusted (Restricted Mode). */
  readonly restricted?: boolean;
}

export const RESTRICTED_NOTE =
  "Restricted Mode: this workspace is not trusted, so benchlint runs only a server from your " +
  "user settings, its private environment or PATH, never one inside the workspace (its " +
  ".venv, its benchlint.path or benchlint.interpreter). Trust the workspace to use them.";

export function statusTooltip(info: StatusInfo): string {
  const lines: string[] = [];
  switch (info.state) {
    case "starting":
      lines.push("benchlint: starting the language server");
      break;
    case "installing":
      lines.push(`benchlint: ${info.detail ?? "installing the language server"}`);
      break;
    case "running":
      lines.push(
        info.tooOld === true
          ? "benchlint language server running, older than this extension supports"
          : "benchlint language server running",
      );
      break;
    case "failed":
      lines.push(`benchlint: ${info.detail ?? "the language server is not running"}`);
      break;
    case "stopped":
      lines.push("benchlint: stopped");
      break;
  }
  if (info.version !== undefined) {
    const reported =
      info.reportedVersion === undefined || info.reportedVersion === info.version
        ? ""
        : ` (the running server reports ${info.reportedVersion})`;
    lines.push(`Version: benchlint ${info.version}${reported}`);
  }
  if (info.commandLine !== undefined) {
    lines.push(`Command: ${info.commandLine}`);
  }
  if (info.source !== undefined) {
    lines.push(`Found in: ${info.source}`);
  }
  if (info.restricted === true) {
    lines.push(RESTRICTED_NOTE);
  }
  lines.push("Click to show the output.");
  return lines.join("\n");
}
