// "benchlint: Refresh workspace data": the language server runs `benchlint workspace pull`,
// which runs the user's `osmosis` CLI. Pure logic, free of the vscode API (unit-tested).

/** The server's command (`workspace/executeCommand`), also what BL902's code action runs. */
export const WORKSPACE_PULL_COMMAND = "benchlint.workspace.pull";

export interface RefreshState {
  /** `vscode.workspace.isTrusted`. */
  trusted: boolean;
  /** The language server is running. */
  running: boolean;
}

/** Whether to ask the server to pull: "run", or the one line that says why not. In Restricted
 * Mode nothing runs `osmosis` (a program, with the workspace's data), whoever asks. */
export function refreshDecision(state: RefreshState): "run" | string {
  if (!state.trusted) {
    return (
      "benchlint: workspace data is not refreshed in Restricted Mode: it runs your osmosis " +
      "CLI. Trust the workspace first, or run `benchlint workspace pull` in a terminal."
    );
  }
  if (!state.running) {
    return "benchlint: the language server is not running: start it first (benchlint: Restart Server).";
  }
  return "run";
}
