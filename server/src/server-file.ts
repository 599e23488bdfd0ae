import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a running server tells local tools about itself (DATA_DIR/server.json, readable by its owner only). */
export interface ServerFile {
  pid: number;
  port: number;
  adminSecret: string;
}

const path = (dataDir: string) => join(dataDir, 'server.json');

export function writeServerFile(dataDir: string, info: ServerFile): () => void {
  writeFileSync(path(dataDir), JSON.stringify(info), { mode: 0o600 });
  return () => rmSync(path(dataDir), { force: true });
}

/** The running server's file, or null when there is none or its process is gone. */
export function readServerFile(dataDir: string): ServerFile | null {
  let info: ServerFile;
  try {
    info = JSON.parse(readFileSync(path(dataDir), 'utf8')) as ServerFile;
  } catch {
    return null;
  }
  try {
    process.kill(info.pid, 0);
    return info;
  } catch {
    return null;
  }
}
