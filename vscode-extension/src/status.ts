// The status bar item: whether the server is starting, installing, running or has failed, and
// which server runs (its version and command line); a click opens the output channel.

import * as vscode from "vscode";

import { statusTooltip, type StatusInfo } from "./statusText";

export type { StatusInfo } from "./statusText";

export class ServerStatus implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;

  constructor(showOutputCommand: string) {
    this.item = vscode.window.createStatusBarItem(
      "benchlint.status",
      vscode.StatusBarAlignment.Right,
      100,
    );
    this.item.name = "benchlint";
    this.item.command = showOutputCommand;
  }

  set(info: StatusInfo): void {
    if (info.state === "stopped") {
      this.item.hide();
      return;
    }
    const icons = {
      starting: "$(loading~spin)",
      installing: "$(sync~spin)",
      running: info.tooOld === true ? "$(warning)" : "$(check)",
      failed: "$(error)",
    } as const;
    const tooltip = statusTooltip(info);
    this.item.text = `${icons[info.state]} benchlint`;
    this.item.tooltip = tooltip;
    // Screen readers (and the end-to-end test) read the same text as the tooltip.
    this.item.accessibilityInformation = { label: tooltip.replace(/\.?\n+/g, ". ") };
    this.item.backgroundColor =
      info.state === "failed"
        ? new vscode.ThemeColor("statusBarItem.errorBackground")
        : info.state === "running" && info.tooOld === true
          ? new vscode.ThemeColor("statusBarItem.warningBackground")
          : undefined;
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
  }
}
