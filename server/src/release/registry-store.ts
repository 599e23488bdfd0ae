import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { emptyRegistry, registry as registrySchema, type Registry } from '@cove/contracts';

export class RegistryFileError extends Error {
  override readonly name = 'RegistryFileError';
}

/** The registry document, or an empty one when nothing was ever released. */
export async function readRegistry(file: string): Promise<Registry> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return emptyRegistry();
    throw err;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new RegistryFileError(`${file} is not valid JSON; fix or restore it before releasing.`);
  }
  const parsed = registrySchema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new RegistryFileError(`${file} does not match the registry schema (${issues}).`);
  }
  return parsed.data;
}

/** Replaces the registry in one step (write aside, then rename), so a reader never sees half a file. */
export async function writeRegistry(file: string, doc: Registry): Promise<void> {
  const valid = registrySchema.parse(doc);
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(valid, null, 2)}\n`);
  await rename(tmp, file);
}
