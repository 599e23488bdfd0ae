import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from '../zod';

/** The parts of Module Federation's `mf-manifest.json` a release depends on. */
const sharedEntry = z.object({
  name: z.string(),
  version: z.string(),
  requiredVersion: z.optional(z.string()),
  singleton: z.optional(z.boolean()),
});
const manifestSchema = z.object({
  name: z.string(),
  metaData: z.object({ remoteEntry: z.object({ name: z.string(), path: z.string() }) }),
  shared: z.array(sharedEntry),
  exposes: z.array(z.object({ path: z.string() })),
});
export type FederationManifest = z.infer<typeof manifestSchema>;
export type SharedDeclaration = z.infer<typeof sharedEntry>;

export class ManifestError extends Error {
  override readonly name = 'ManifestError';
}

export async function readManifest(file: string): Promise<FederationManifest> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new ManifestError(`No manifest at ${file}.`);
  }
  let parsed;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(text));
  } catch {
    throw new ManifestError(`${file} is not valid JSON.`);
  }
  if (!parsed.success) throw new ManifestError(`${file} is not a Module Federation manifest.`);
  return parsed.data;
}

/** Checks that a remote build is what the shell expects: its container name, `./App`, and its entry file. */
export async function readRemoteManifest(dir: string, container: string): Promise<FederationManifest> {
  const manifest = await readManifest(join(dir, 'mf-manifest.json'));
  if (manifest.name !== container) {
    throw new ManifestError(`The manifest names container "${manifest.name}", expected "${container}".`);
  }
  if (!manifest.exposes.some((e) => e.path === './App')) {
    throw new ManifestError(`${container} does not expose ./App.`);
  }
  const entry = join(dir, manifest.metaData.remoteEntry.path, manifest.metaData.remoteEntry.name);
  try {
    await readFile(entry);
  } catch {
    throw new ManifestError(`The manifest's remote entry ${manifest.metaData.remoteEntry.name} is missing.`);
  }
  return manifest;
}
