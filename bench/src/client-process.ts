import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';

/**
 * A process that holds a benchmark's clients (a bundle beside this one), so the server's event loop
 * serves requests only: each order it is sent answers one result, or the reason it failed.
 */
export class ClientProcess<O extends { kind: string }> {
  private readonly child: ChildProcess;

  constructor(bundle: string) {
    this.child = fork(join(__dirname, bundle), { stdio: 'inherit' });
  }

  run<T>(order: O): Promise<T> {
    return new Promise((resolve, reject) => {
      this.child.once('message', (m: { result?: T; failed?: string }) =>
        m.failed === undefined ? resolve(m.result as T) : reject(new Error(`clients failed: ${m.failed}`)),
      );
      this.child.send(order);
    });
  }

  exit(): void {
    this.child.send({ kind: 'exit' });
  }
}
