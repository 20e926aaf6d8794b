// The environment selected in the Python extension (ms-python.python), through its public API
// (@vscode/python-extension). Everything works without that extension: it is then "absent".

import { PythonExtension } from "@vscode/python-extension";
import * as vscode from "vscode";

import type { PythonSelection } from "./launch";

export const PYTHON_EXTENSION_ID = "ms-python.python";
/** Activating the Python extension and resolving an environment can be slow, never endless. */
const ANSWER_TIMEOUT_MS = 15_000;

function withTimeout<T>(promise: Thenable<T>, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${what} gave no answer within ${ANSWER_TIMEOUT_MS / 1000} s`)),
      ANSWER_TIMEOUT_MS,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export class PythonEnvironments implements vscode.Disposable {
  private api: Promise<PythonExtension> | undefined;
  private installed: boolean;
  private readonly disposables: vscode.Disposable[] = [];
  /** The environment path last reported per folder (key: folder URI, or "" for none). */
  private readonly reported = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the selected environment of a folder we asked about changes, or when the
   * Python extension is installed, enabled, disabled or removed. */
  readonly onDidChange = this.changed.event;

  constructor() {
    this.installed = vscode.extensions.getExtension(PYTHON_EXTENSION_ID) !== undefined;
    this.disposables.push(
      this.changed,
      vscode.extensions.onDidChange(() => {
        const installed = vscode.extensions.getExtension(PYTHON_EXTENSION_ID) !== undefined;
        if (installed !== this.installed) {
          this.installed = installed;
          this.api = undefined;
          this.changed.fire();
        }
      }),
    );
  }

  /** The Python selected for `folder` (the file's workspace folder), or why there is none. */
  async selected(folder: vscode.WorkspaceFolder | undefined): Promise<PythonSelection> {
    if (vscode.extensions.getExtension(PYTHON_EXTENSION_ID) === undefined) {
      return { kind: "absent" };
    }
    try {
      const api = await this.load();
      const active = api.environments.getActiveEnvironmentPath(folder?.uri);
      this.reported.set(folder?.uri.toString() ?? "", active.path);
      const resolved = await withTimeout(
        api.environments.resolveEnvironment(active),
        "the Python extension",
      );
      const python = resolved?.executable.uri?.fsPath;
      if (python === undefined) {
        return {
          kind: "unavailable",
          reason: `the selected environment ${active.path} has no Python interpreter`,
        };
      }
      return { kind: "selected", python };
    } catch (error) {
      return {
        kind: "unavailable",
        reason: `no answer: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }

  private load(): Promise<PythonExtension> {
    if (this.api === undefined) {
      const loading = withTimeout(PythonExtension.api(), "the Python extension").then((api) => {
        this.disposables.push(
          api.environments.onDidChangeActiveEnvironmentPath((event) => {
            // Only a change, to another environment, for a folder the server was started for
            // (an event without a folder concerns them all).
            const folders =
              event.resource === undefined
                ? [...this.reported.keys()]
                : [event.resource.uri.toString()];
            const before = folders.map((folder) => this.reported.get(folder));
            if (before.some((path) => path !== undefined && path !== event.path)) {
              this.changed.fire();
            }
          }),
        );
        return api;
      });
      // A failure is not remembered: the next start asks again.
      loading.catch(() => {
        if (this.api === loading) this.api = undefined;
      });
      this.api = loading;
    }
    return this.api;
  }

  dispose(): void {
    for (const disposable of this.disposables) {
      disposable.dispose();
    }
  }
}
